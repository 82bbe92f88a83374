-- Ad-hoc payment (issue #30): strangers pay on a connector's public page through the operator's
-- payment provider. Each payment keeps its hold, the charge it started and what was captured,
-- released and refunded; the ledger keeps every capture, refund and release by its idempotency
-- key so none is made twice. Operators set how much a card is held for before a charge.
ALTER TABLE "operators" ADD COLUMN "adhoc_hold_amount" integer DEFAULT 50000 NOT NULL;
--> statement-breakpoint
CREATE TABLE "adhoc_payments" (
  "id" serial PRIMARY KEY NOT NULL,
  "reference" text NOT NULL,
  "token" text NOT NULL,
  "operator_id" integer NOT NULL,
  "charge_point_id" integer NOT NULL,
  "connector_id" integer NOT NULL,
  "provider" text NOT NULL,
  "provider_ref" text,
  "status" text NOT NULL,
  "failure" text,
  "hold_amount" integer NOT NULL,
  "currency" text NOT NULL,
  "captured_amount" integer DEFAULT 0 NOT NULL,
  "released_amount" integer DEFAULT 0 NOT NULL,
  "refunded_amount" integer DEFAULT 0 NOT NULL,
  "uncollected_amount" integer DEFAULT 0 NOT NULL,
  "session_id" integer,
  "email" text,
  "language" text NOT NULL,
  "start_sent_at" timestamp with time zone,
  "stop_requested_at" timestamp with time zone,
  "stop_cause" text,
  "capturing_at" timestamp with time zone,
  "settled_at" timestamp with time zone,
  "receipt_sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "adhoc_payments_reference_uq" ON "adhoc_payments" ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "adhoc_payments_token_uq" ON "adhoc_payments" ("token");
--> statement-breakpoint
CREATE INDEX "adhoc_payments_open_idx" ON "adhoc_payments" ("status") WHERE "status" IN ('pending', 'authorized', 'starting', 'charging');
--> statement-breakpoint
CREATE INDEX "adhoc_payments_session_idx" ON "adhoc_payments" ("session_id");
--> statement-breakpoint
CREATE INDEX "adhoc_payments_operator_idx" ON "adhoc_payments" ("operator_id", "created_at");
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
  "idempotency_key" text PRIMARY KEY NOT NULL,
  "provider_ref" text NOT NULL,
  "kind" text NOT NULL,
  "ref" text NOT NULL,
  "amount" integer NOT NULL,
  "released" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_ledger_hold_idx" ON "payment_ledger" ("provider_ref");
