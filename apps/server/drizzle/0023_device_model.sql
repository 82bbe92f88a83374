CREATE TABLE "device_variables" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_point_id" integer NOT NULL,
	"component_name" text NOT NULL,
	"component_instance" text,
	"evse_id" integer,
	"connector_id" integer,
	"variable_name" text NOT NULL,
	"variable_instance" text,
	"attributes" jsonb NOT NULL,
	"unit" text,
	"data_type" text,
	"min_limit" double precision,
	"max_limit" double precision,
	"values_list" text,
	"supports_monitoring" boolean,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_variables" ADD CONSTRAINT "device_variables_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_variables_cp_idx" ON "device_variables" USING btree ("charge_point_id","component_name","variable_name");--> statement-breakpoint
CREATE TABLE "device_report_requests" (
	"charge_point_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"report_base" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "device_report_requests_charge_point_id_request_id_pk" PRIMARY KEY("charge_point_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "device_report_requests" ADD CONSTRAINT "device_report_requests_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "device_report_parts" (
	"charge_point_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"seq_no" integer NOT NULL,
	"tbc" boolean NOT NULL,
	"report_data" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_report_parts_charge_point_id_request_id_seq_no_pk" PRIMARY KEY("charge_point_id","request_id","seq_no")
);
--> statement-breakpoint
ALTER TABLE "device_report_parts" ADD CONSTRAINT "device_report_parts_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;
