CREATE SEQUENCE "public"."signed_firmware_request_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1 CYCLE;--> statement-breakpoint
CREATE TABLE "charger_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"certificate_type" text NOT NULL,
	"hash_algorithm" text NOT NULL,
	"issuer_name_hash" text NOT NULL,
	"issuer_key_hash" text NOT NULL,
	"serial_number" text NOT NULL,
	"subject" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"type" text NOT NULL,
	"critical" boolean NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"tech_info" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"serial_number" text,
	"subject" text NOT NULL,
	"not_before" timestamp with time zone,
	"not_after" timestamp with time zone,
	"fingerprint" text,
	"certificate" text,
	"state" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "firmware_targets_open_idx";--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "security_profile" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "pending_security_profile" integer;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD COLUMN "log_type" text;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "firmwares" ADD COLUMN "signing_certificate" text;--> statement-breakpoint
ALTER TABLE "firmwares" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "charger_certificates" ADD CONSTRAINT "charger_certificates_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charger_certificates_unique_idx" ON "charger_certificates" USING btree ("charge_point_id","certificate_type","hash_algorithm","issuer_name_hash","issuer_key_hash","serial_number");--> statement-breakpoint
CREATE INDEX "security_events_cp_idx" ON "security_events" USING btree ("charge_point_id","occurred_at");--> statement-breakpoint
CREATE INDEX "security_events_operator_idx" ON "security_events" USING btree ("operator_id","occurred_at");--> statement-breakpoint
CREATE INDEX "security_events_occurred_idx" ON "security_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "issued_certificates_cp_idx" ON "issued_certificates" USING btree ("charge_point_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_serial_idx" ON "issued_certificates" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "firmware_targets_open_idx" ON "firmware_campaign_targets" USING btree ("state") WHERE state not in ('confirmed','cancelled','DownloadFailed','InstallationFailed','versionMismatch','commandFailed','timedOut','InvalidCertificate','InvalidSignature','InstallVerificationFailed');