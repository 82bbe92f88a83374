ALTER TABLE "connectors" ADD COLUMN "vendor_id" text;--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "fault_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "vendor_id" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "status_info" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "status_vendor_id" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "status_vendor_error_code" text;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "fault_since" timestamp with time zone;--> statement-breakpoint
UPDATE "connectors" SET "fault_since" = "status_at" WHERE "error_code" IS NOT NULL AND "error_code" <> 'NoError';--> statement-breakpoint
UPDATE "charge_points" SET "fault_since" = "status_at" WHERE "error_code" IS NOT NULL AND "error_code" <> 'NoError';
