CREATE TABLE "pending_charge_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_point_id" text NOT NULL,
	"charge_point_key" text NOT NULL,
	"remote_address" text,
	"password_hash" text,
	"vendor" text,
	"model" text,
	"serial_number" text,
	"firmware_version" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pending_charge_points_key_idx" ON "pending_charge_points" USING btree ("charge_point_key");
