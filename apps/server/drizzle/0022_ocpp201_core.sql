ALTER TABLE "charge_points" ADD COLUMN "ocpp_protocol" text DEFAULT 'ocpp1.6' NOT NULL;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "evse_uid" text;--> statement-breakpoint
CREATE TABLE "evse_connectors" (
	"charge_point_id" integer NOT NULL,
	"evse_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"status_at" timestamp with time zone NOT NULL,
	CONSTRAINT "evse_connectors_charge_point_id_evse_id_connector_id_pk" PRIMARY KEY("charge_point_id","evse_id","connector_id")
);
--> statement-breakpoint
ALTER TABLE "evse_connectors" ADD CONSTRAINT "evse_connectors_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "charger_transaction_id" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "remote_start_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_charger_tx_uq" ON "charging_sessions" USING btree ("charge_point_id","charger_transaction_id") WHERE "charging_sessions"."charger_transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"seq_no" integer NOT NULL,
	"event_type" text NOT NULL,
	"trigger_reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_events_seq_uq" ON "transaction_events" USING btree ("charge_point_id","transaction_id","seq_no");--> statement-breakpoint
CREATE INDEX "transaction_events_session_idx" ON "transaction_events" USING btree ("session_id");
