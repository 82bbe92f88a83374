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
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_grant_id_file_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."file_grants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_requests" ADD CONSTRAINT "diagnostics_requests_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_settings" ADD CONSTRAINT "diagnostics_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_logs" ADD CONSTRAINT "maintenance_logs_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_logs" ADD CONSTRAINT "maintenance_logs_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_logs" ADD CONSTRAINT "maintenance_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostics_requests_cp_idx" ON "diagnostics_requests" USING btree ("charge_point_id","created_at");--> statement-breakpoint
CREATE INDEX "diagnostics_requests_grant_idx" ON "diagnostics_requests" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "diagnostics_requests_operator_idx" ON "diagnostics_requests" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_cp_idx" ON "maintenance_logs" USING btree ("charge_point_id","started_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_operator_idx" ON "maintenance_logs" USING btree ("operator_id","started_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_started_idx" ON "maintenance_logs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "maintenance_logs_open_fault_idx" ON "maintenance_logs" USING btree ("charge_point_id","connector_id") WHERE type = 'fault' AND ended_at IS NULL;