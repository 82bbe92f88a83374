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
ALTER TABLE "charge_points" ADD COLUMN "security_profile" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "pending_security_profile" integer;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issued_certificates_cp_idx" ON "issued_certificates" USING btree ("charge_point_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_serial_idx" ON "issued_certificates" USING btree ("serial_number");