CREATE TABLE "display_messages" (
	"charge_point_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"priority" text NOT NULL,
	"state" text,
	"start_date_time" timestamp with time zone,
	"end_date_time" timestamp with time zone,
	"transaction_id" text,
	"format" text NOT NULL,
	"language" text,
	"content" text NOT NULL,
	"display" jsonb,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "display_messages_charge_point_id_message_id_pk" PRIMARY KEY("charge_point_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "display_messages" ADD CONSTRAINT "display_messages_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "display_message_reports" (
	"charge_point_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "display_message_reports_charge_point_id_request_id_pk" PRIMARY KEY("charge_point_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "display_message_reports" ADD CONSTRAINT "display_message_reports_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE no action ON UPDATE no action;
