-- What a charger itself says about its limits (OCPP 2.0.1 K09, K12–K17).
-- The profiles a charger reported holding (ReportChargingProfiles), by the request that asked.
CREATE TABLE "charging_profile_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL REFERENCES "charge_points"("id") ON DELETE cascade,
	"request_id" integer NOT NULL,
	"criteria" jsonb,
	"status" text,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "charging_profile_reports_request_uq" ON "charging_profile_reports" USING btree ("charge_point_id","request_id");
--> statement-breakpoint
CREATE TABLE "reported_charging_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL REFERENCES "charge_points"("id") ON DELETE cascade,
	"request_id" integer NOT NULL,
	"evse_id" integer NOT NULL,
	"source" text NOT NULL,
	"profile" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reported_charging_profiles_request_idx" ON "reported_charging_profiles" USING btree ("charge_point_id","request_id");
--> statement-breakpoint
-- A limit an external system (EMS, grid operator) set on a charger or one of its EVSEs (evse 0: the charger).
CREATE TABLE "external_charging_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL REFERENCES "charge_points"("id") ON DELETE cascade,
	"evse_id" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"grid_critical" boolean DEFAULT false NOT NULL,
	"unit" text,
	"start_schedule" timestamp with time zone,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "external_charging_limits_uq" ON "external_charging_limits" USING btree ("charge_point_id","evse_id","source");
--> statement-breakpoint
-- What a car asked for over ISO 15118 (NotifyEVChargingNeeds) and the schedule it chose, per EVSE.
CREATE TABLE "ev_charging_needs" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL REFERENCES "charge_points"("id") ON DELETE cascade,
	"evse_id" integer NOT NULL,
	"session_id" integer,
	"needs" jsonb NOT NULL,
	"answer" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"schedule" jsonb,
	"schedule_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ev_charging_needs_evse_uq" ON "ev_charging_needs" USING btree ("charge_point_id","evse_id");
