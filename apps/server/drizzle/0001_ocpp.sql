CREATE TABLE "charge_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" text NOT NULL,
	"operator_id" integer NOT NULL,
	"name" text NOT NULL,
	"registration_status" text DEFAULT 'accepted' NOT NULL,
	"password_hash" text,
	"brand" text,
	"model" text,
	"serial_number" text,
	"firmware_version" text,
	"vendor" text,
	"iccid" text,
	"imsi" text,
	"meter_type" text,
	"meter_serial_number" text,
	"activation_date" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"address_line1" text,
	"address_line2" text,
	"country_code" text,
	"city" text,
	"zip_code" text,
	"contact_name" text,
	"contact_phone" text,
	"contact_email" text,
	"min_power" integer,
	"max_power" integer,
	"power_unit" text DEFAULT 'W' NOT NULL,
	"opening_time" text,
	"closing_time" text,
	"connected" boolean DEFAULT false NOT NULL,
	"last_connected_at" timestamp with time zone,
	"last_disconnected_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"last_boot_at" timestamp with time zone,
	"connected_node" text,
	"diagnostics_status" text,
	"firmware_status" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charger_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"remote_address" text,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"connector_type" text,
	"maximum_power" integer,
	"maximum_charge_duration" integer,
	"minimum_charge_duration" integer,
	"tariff_id" integer,
	"status" text DEFAULT 'Unknown' NOT NULL,
	"error_code" text,
	"info" text,
	"vendor_error_code" text,
	"status_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text NOT NULL,
	"info" text,
	"vendor_error_code" text,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"reference" text,
	"balance_after" bigint NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'TRY' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rfid_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"name" text,
	"number" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"rfid_card_id" integer,
	"driver_id" integer,
	"reservation_id" integer,
	"meter_start" bigint NOT NULL,
	"meter_stop" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"stop_id_tag" text,
	"state" text DEFAULT 'active' NOT NULL,
	"authorization" text DEFAULT 'Accepted' NOT NULL,
	"energy_wh" bigint,
	"last_meter_wh" bigint,
	"last_power_w" double precision,
	"last_soc" double precision,
	"tariff_id" integer,
	"tariff_snapshot" jsonb,
	"cost" bigint,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_values" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"session_id" integer,
	"at" timestamp with time zone NOT NULL,
	"measurand" text NOT NULL,
	"phase" text,
	"unit" text,
	"context" text,
	"location" text,
	"format" text,
	"value" text NOT NULL,
	"numeric" double precision,
	CONSTRAINT "meter_values_sample_uq" UNIQUE NULLS NOT DISTINCT("charge_point_id","connector_id","at","measurand","phase","location","context")
);
--> statement-breakpoint
CREATE TABLE "unmatched_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocpp_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_point_id" text NOT NULL,
	"direction" text NOT NULL,
	"message_type" text NOT NULL,
	"message_id" text,
	"action" text,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"response_time_ms" integer
);
--> statement-breakpoint
ALTER TABLE "charge_points" ADD CONSTRAINT "charge_points_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfid_cards" ADD CONSTRAINT "rfid_cards_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_points_cpid_uq" ON "charge_points" USING btree (lower("charge_point_id"));--> statement-breakpoint
CREATE INDEX "charge_points_operator_idx" ON "charge_points" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "charger_events_cp_idx" ON "charger_events" USING btree ("charge_point_id","kind","at");--> statement-breakpoint
CREATE INDEX "connection_events_cp_idx" ON "connection_events" USING btree ("charge_point_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_cp_connector_uq" ON "connectors" USING btree ("charge_point_id","connector_id");--> statement-breakpoint
CREATE INDEX "status_history_cp_idx" ON "status_history" USING btree ("charge_point_id","at");--> statement-breakpoint
CREATE INDEX "balance_entries_driver_idx" ON "balance_entries" USING btree ("driver_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_reference_uq" ON "balance_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "drivers_operator_idx" ON "drivers" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_cards_number_uq" ON "rfid_cards" USING btree (upper("number"));--> statement-breakpoint
CREATE INDEX "rfid_cards_driver_idx" ON "rfid_cards" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_resend_uq" ON "charging_sessions" USING btree ("charge_point_id","connector_id","meter_start","started_at");--> statement-breakpoint
CREATE INDEX "charging_sessions_cp_idx" ON "charging_sessions" USING btree ("charge_point_id","state");--> statement-breakpoint
CREATE INDEX "charging_sessions_started_idx" ON "charging_sessions" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "charging_sessions_operator_idx" ON "charging_sessions" USING btree ("operator_id","started_at");--> statement-breakpoint
CREATE INDEX "charging_sessions_driver_idx" ON "charging_sessions" USING btree ("driver_id","started_at");--> statement-breakpoint
CREATE INDEX "meter_values_session_idx" ON "meter_values" USING btree ("session_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_stops_uq" ON "unmatched_stops" USING btree ("charge_point_id","transaction_id");--> statement-breakpoint
CREATE INDEX "ocpp_messages_cp_at_idx" ON "ocpp_messages" USING btree ("charge_point_id","at");--> statement-breakpoint
CREATE INDEX "ocpp_messages_at_idx" ON "ocpp_messages" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ocpp_messages_msgid_idx" ON "ocpp_messages" USING btree ("charge_point_id","message_id");