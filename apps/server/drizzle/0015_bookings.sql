CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"charge_point_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"rfid_card_id" integer NOT NULL,
	"driver_id" integer,
	"id_tag" text NOT NULL,
	"state" text NOT NULL,
	"answer" text,
	"error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"session_id" integer,
	"used_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rfid_card_id_rfid_cards_id_fk" FOREIGN KEY ("rfid_card_id") REFERENCES "public"."rfid_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_active_cp_idx" ON "bookings" USING btree ("charge_point_id","connector_id") WHERE "bookings"."state" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_active_expiry_idx" ON "bookings" USING btree ("expires_at") WHERE "bookings"."state" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_active_card_idx" ON "bookings" USING btree ("rfid_card_id") WHERE "bookings"."state" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_operator_idx" ON "bookings" USING btree ("operator_id","created_at");