CREATE TABLE "charging_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"stack_level" integer NOT NULL,
	"purpose" text NOT NULL,
	"kind" text NOT NULL,
	"charging_rate_unit" text NOT NULL,
	"profile" jsonb NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_profiles" ADD CONSTRAINT "charging_profiles_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_profiles_cp_profile_uq" ON "charging_profiles" USING btree ("charge_point_id","profile_id");