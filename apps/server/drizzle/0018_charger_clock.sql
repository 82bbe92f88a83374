ALTER TABLE "charging_sessions" ADD COLUMN "start_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "earliest_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "stop_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meter_values" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meter_values" ALTER COLUMN "received_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "clock_offset_ms" bigint;--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "clock_offset_at" timestamp with time zone;
