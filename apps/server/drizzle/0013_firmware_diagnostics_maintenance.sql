CREATE TABLE "diagnostics_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"requested_by" integer,
	"start_time" timestamp with time zone,
	"stop_time" timestamp with time zone,
	"retries" integer,
	"retry_interval" integer,
	"grant_id" integer,
	"file_name" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"error" text,
	"stored_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostics_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"retention_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"connector_id" integer,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"technician" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_campaign_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"charge_point_id" integer NOT NULL,
	"batch" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"version_before" text,
	"version_after" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"deadline" timestamp with time zone,
	"command_record_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"firmware_id" integer NOT NULL,
	"name" text,
	"state" text DEFAULT 'running' NOT NULL,
	"pause_reason" text,
	"transport" text NOT NULL,
	"retrieve_date" timestamp with time zone,
	"retries" integer NOT NULL,
	"retry_interval" integer NOT NULL,
	"batch_size" integer,
	"failure_threshold_percent" integer NOT NULL,
	"current_batch" integer DEFAULT 1 NOT NULL,
	"sent_at_resume" integer DEFAULT 0 NOT NULL,
	"failed_at_resume" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "firmwares" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"version" text NOT NULL,
	"brand" text,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"store_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "firmware_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_grant_id_file_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."file_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_settings" ADD CONSTRAINT "diagnostics_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_logs" ADD CONSTRAINT "maintenance_logs_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_logs" ADD CONSTRAINT "maintenance_logs_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_logs" ADD CONSTRAINT "maintenance_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD CONSTRAINT "firmware_campaign_targets_campaign_id_firmware_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."firmware_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD CONSTRAINT "firmware_campaign_targets_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD CONSTRAINT "firmware_campaign_targets_command_record_id_command_records_id_fk" FOREIGN KEY ("command_record_id") REFERENCES "public"."command_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_firmware_id_firmwares_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmwares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostics_requests_cp_idx" ON "diagnostics_requests" USING btree ("charge_point_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostics_requests_grant_idx" ON "diagnostics_requests" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "diagnostics_requests_operator_idx" ON "diagnostics_requests" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_cp_idx" ON "maintenance_logs" USING btree ("charge_point_id","started_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_operator_idx" ON "maintenance_logs" USING btree ("operator_id","started_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_started_idx" ON "maintenance_logs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_open_fault_idx" ON "maintenance_logs" USING btree ("charge_point_id","connector_id") WHERE type = 'fault' AND ended_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_targets_campaign_cp_uq" ON "firmware_campaign_targets" USING btree ("campaign_id","charge_point_id");--> statement-breakpoint
CREATE INDEX "firmware_targets_cp_idx" ON "firmware_campaign_targets" USING btree ("charge_point_id","id");--> statement-breakpoint
CREATE INDEX "firmware_targets_open_idx" ON "firmware_campaign_targets" USING btree ("state") WHERE state not in ('confirmed','cancelled','DownloadFailed','InstallationFailed','versionMismatch','commandFailed','timedOut');--> statement-breakpoint
CREATE INDEX "firmware_campaigns_state_idx" ON "firmware_campaigns" USING btree ("state");--> statement-breakpoint
CREATE INDEX "firmware_campaigns_firmware_idx" ON "firmware_campaigns" USING btree ("firmware_id");--> statement-breakpoint
CREATE INDEX "firmwares_operator_idx" ON "firmwares" USING btree ("operator_id","created_at");