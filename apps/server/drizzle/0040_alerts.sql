-- Alerts of the operations console (issue #33): rules per operator, alerts grouping the chargers
-- their condition caught, and each alert's history. Every operator starts with an enabled
-- "charger offline" rule (10 minutes to raise, 2 to clear); new operators get one when created.
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL REFERENCES "operators"("id"),
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"raise_after_seconds" integer DEFAULT 600 NOT NULL,
	"clear_after_seconds" integer DEFAULT 120 NOT NULL,
	"recipient_user_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_operator_kind_uq" ON "alert_rules" USING btree ("operator_id","kind");
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL REFERENCES "operators"("id"),
	"rule_id" integer NOT NULL REFERENCES "alert_rules"("id"),
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer REFERENCES "users"("id"),
	"assigned_to" integer REFERENCES "users"("id"),
	"resolved_at" timestamp with time zone,
	"resolved_by" integer REFERENCES "users"("id"),
	"resolution" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_live_group_uq" ON "alerts" USING btree ("rule_id","group_key") WHERE "alerts"."state" <> 'resolved';
--> statement-breakpoint
CREATE INDEX "alerts_operator_live_idx" ON "alerts" USING btree ("operator_id") WHERE "alerts"."state" <> 'resolved';
--> statement-breakpoint
CREATE INDEX "alerts_operator_raised_idx" ON "alerts" USING btree ("operator_id","raised_at");
--> statement-breakpoint
CREATE TABLE "alert_subjects" (
	"alert_id" integer NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"charge_point_id" integer NOT NULL REFERENCES "charge_points"("id"),
	"since" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	PRIMARY KEY ("alert_id", "charge_point_id")
);
--> statement-breakpoint
CREATE INDEX "alert_subjects_cp_idx" ON "alert_subjects" USING btree ("charge_point_id");
--> statement-breakpoint
CREATE TABLE "alert_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer REFERENCES "users"("id"),
	"action" text NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE INDEX "alert_history_alert_idx" ON "alert_history" USING btree ("alert_id","at");
--> statement-breakpoint
INSERT INTO "alert_rules" ("operator_id", "kind") SELECT "id", 'charger_offline' FROM "operators";
