CREATE TABLE "smart_charging_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"charge_point_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"limit" double precision,
	"purpose" text,
	"transaction_id" integer,
	"default_limit" double precision,
	"reserved" double precision DEFAULT 0 NOT NULL,
	"state" text,
	"detail" text,
	"sent_at" timestamp with time zone,
	"profile_id" integer
);
--> statement-breakpoint
CREATE TABLE "smart_charging_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"name" text NOT NULL,
	"charging_rate_unit" text NOT NULL,
	"mode" text NOT NULL,
	"max_power" double precision NOT NULL,
	"min_per_session" double precision NOT NULL,
	"phases" integer DEFAULT 3 NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"balanced_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smart_charging_members" (
	"group_id" integer NOT NULL,
	"charge_point_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_charging_members_group_id_charge_point_id_pk" PRIMARY KEY("group_id","charge_point_id")
);
--> statement-breakpoint
CREATE TABLE "smart_charging_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"limit_w" double precision NOT NULL,
	"allocated_w" double precision NOT NULL,
	"measured_w" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_charging_allocations" ADD CONSTRAINT "smart_charging_allocations_group_id_smart_charging_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."smart_charging_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_charging_allocations" ADD CONSTRAINT "smart_charging_allocations_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_charging_groups" ADD CONSTRAINT "smart_charging_groups_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_charging_groups" ADD CONSTRAINT "smart_charging_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_charging_members" ADD CONSTRAINT "smart_charging_members_group_id_smart_charging_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."smart_charging_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_charging_members" ADD CONSTRAINT "smart_charging_members_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_charging_samples" ADD CONSTRAINT "smart_charging_samples_group_id_smart_charging_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."smart_charging_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_charging_allocations_connector_uq" ON "smart_charging_allocations" USING btree ("charge_point_id","connector_id");--> statement-breakpoint
CREATE INDEX "smart_charging_allocations_group_idx" ON "smart_charging_allocations" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "smart_charging_groups_operator_idx" ON "smart_charging_groups" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_charging_members_cp_uq" ON "smart_charging_members" USING btree ("charge_point_id");--> statement-breakpoint
CREATE INDEX "smart_charging_samples_group_idx" ON "smart_charging_samples" USING btree ("group_id","at");