CREATE TABLE "variable_monitors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"monitor_id" integer NOT NULL,
	"component_name" text NOT NULL,
	"component_instance" text,
	"evse_id" integer,
	"connector_id" integer,
	"variable_name" text NOT NULL,
	"variable_instance" text,
	"type" text NOT NULL,
	"value" double precision NOT NULL,
	"severity" integer NOT NULL,
	"transaction" boolean NOT NULL,
	"origin" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variable_monitors" ADD CONSTRAINT "variable_monitors_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "variable_monitors_cp_monitor_idx" ON "variable_monitors" USING btree ("charge_point_id","monitor_id");--> statement-breakpoint
CREATE TABLE "monitor_report_requests" (
	"charge_point_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"whole" boolean NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "monitor_report_requests_charge_point_id_request_id_pk" PRIMARY KEY("charge_point_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "monitor_report_requests" ADD CONSTRAINT "monitor_report_requests_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "monitor_report_parts" (
	"charge_point_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"seq_no" integer NOT NULL,
	"tbc" boolean NOT NULL,
	"monitor" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "monitor_report_parts_charge_point_id_request_id_seq_no_pk" PRIMARY KEY("charge_point_id","request_id","seq_no")
);
--> statement-breakpoint
ALTER TABLE "monitor_report_parts" ADD CONSTRAINT "monitor_report_parts_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "monitoring_settings" (
	"charge_point_id" integer PRIMARY KEY NOT NULL,
	"base" text,
	"level" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitoring_settings" ADD CONSTRAINT "monitoring_settings_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;
