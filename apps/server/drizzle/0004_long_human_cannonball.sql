CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pg_tran_id" text NOT NULL,
	"kind" text NOT NULL,
	"driver_id" integer,
	"operator_id" integer NOT NULL,
	"session_id" integer,
	"amount" bigint NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"gateway" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"gateway_refund_id" text NOT NULL,
	"idempotency_key" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"payment_type" text NOT NULL,
	"currency" text DEFAULT 'TRY' NOT NULL,
	"price_per_kwh" integer NOT NULL,
	"limit_kwh" double precision,
	"over_limit_price_per_kwh" integer,
	"fixed_price" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pg_tran_uq" ON "payments" USING btree ("pg_tran_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_session_uq" ON "payments" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payments_operator_idx" ON "payments" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_driver_idx" ON "payments" USING btree ("driver_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_uq" ON "refunds" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "tariffs_operator_idx" ON "tariffs" USING btree ("operator_id");