-- Excluded downtime (issue #33, uptime as regulators count it): spans staff declare outside the
-- operator's control or planned (grid outages, vandalism, natural disasters, planned maintenance),
-- for a whole charge point (connector_id null) or one connector. Outage inside them does not count
-- against uptime (23 CFR 680.116(b)).
CREATE TABLE "uptime_exclusions" (
  "id" serial PRIMARY KEY NOT NULL,
  "charge_point_id" integer NOT NULL,
  "operator_id" integer NOT NULL,
  "connector_id" integer,
  "reason" text NOT NULL,
  "note" text,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "created_by" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uptime_exclusions" ADD CONSTRAINT "uptime_exclusions_charge_point_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "uptime_exclusions" ADD CONSTRAINT "uptime_exclusions_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "uptime_exclusions" ADD CONSTRAINT "uptime_exclusions_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "uptime_exclusions_cp_idx" ON "uptime_exclusions" USING btree ("charge_point_id","starts_at");
