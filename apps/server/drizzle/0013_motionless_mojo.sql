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
ALTER TABLE "firmware_campaign_targets" ADD CONSTRAINT "firmware_campaign_targets_campaign_id_firmware_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."firmware_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD CONSTRAINT "firmware_campaign_targets_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaign_targets" ADD CONSTRAINT "firmware_campaign_targets_command_record_id_command_records_id_fk" FOREIGN KEY ("command_record_id") REFERENCES "public"."command_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_firmware_id_firmwares_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmwares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_campaigns" ADD CONSTRAINT "firmware_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmwares" ADD CONSTRAINT "firmwares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_targets_campaign_cp_uq" ON "firmware_campaign_targets" USING btree ("campaign_id","charge_point_id");--> statement-breakpoint
CREATE INDEX "firmware_targets_cp_idx" ON "firmware_campaign_targets" USING btree ("charge_point_id","id");--> statement-breakpoint
CREATE INDEX "firmware_targets_open_idx" ON "firmware_campaign_targets" USING btree ("state") WHERE state not in ('confirmed','cancelled','DownloadFailed','InstallationFailed','versionMismatch','commandFailed','timedOut');--> statement-breakpoint
CREATE INDEX "firmware_campaigns_state_idx" ON "firmware_campaigns" USING btree ("state");--> statement-breakpoint
CREATE INDEX "firmware_campaigns_firmware_idx" ON "firmware_campaigns" USING btree ("firmware_id");--> statement-breakpoint
CREATE INDEX "firmwares_operator_idx" ON "firmwares" USING btree ("operator_id","created_at");