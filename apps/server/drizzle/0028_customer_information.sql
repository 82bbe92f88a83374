-- Data-protection requests (OCPP 2.0.1 N09/N10 CustomerInformation): what staff asked a charger
-- about a driver's card, and the charger's answer, assembled from its NotifyCustomerInformation parts.
CREATE TABLE "customer_information_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL REFERENCES "drivers"("id"),
	"operator_id" integer NOT NULL REFERENCES "operators"("id"),
	"charge_point_id" integer NOT NULL REFERENCES "charge_points"("id") ON DELETE cascade,
	"requested_by" integer REFERENCES "users"("id") ON DELETE set null,
	"id_token" text NOT NULL,
	"report" boolean NOT NULL,
	"clear" boolean NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"error" text,
	"parts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_seq_no" integer,
	"data" text,
	"generated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "customer_information_requests_driver_idx" ON "customer_information_requests" USING btree ("driver_id","created_at");
--> statement-breakpoint
CREATE INDEX "customer_information_requests_cp_idx" ON "customer_information_requests" USING btree ("charge_point_id");
