-- Roaming partners (issue #31): eMSPs and hubs exchanging OCPI 2.2.1 with Voltline as CPO. Tokens the
-- partner presents are stored as SHA-256 hashes; the one Voltline presents is stored as is.
CREATE TABLE "roaming_partners" (
  "id" serial PRIMARY KEY NOT NULL,
  "operator_id" integer NOT NULL,
  "name" text NOT NULL,
  "state" text NOT NULL,
  "direction" text NOT NULL,
  "country_code" text,
  "party_id" text,
  "role" text,
  "roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "versions_url" text,
  "version" text,
  "endpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "token_a_hash" text,
  "token_a_expires_at" timestamp with time zone,
  "incoming_token_hash" text,
  "pending_token_hash" text,
  "outgoing_token" text,
  "published_operator_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "tariff_id" integer,
  "push_cursor" bigint DEFAULT 0 NOT NULL,
  "push_cursor_tx" xid8 DEFAULT '0' NOT NULL,
  "locations_synced_at" timestamp with time zone,
  "tariffs_synced_at" timestamp with time zone,
  "push_retry_at" timestamp with time zone,
  "push_failures" integer DEFAULT 0 NOT NULL,
  "last_success_at" timestamp with time zone,
  "hub_clients" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "last_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_partners" ADD CONSTRAINT "roaming_partners_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "roaming_partners" ADD CONSTRAINT "roaming_partners_tariff_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "roaming_partners_operator_idx" ON "roaming_partners" USING btree ("operator_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partners_incoming_uq" ON "roaming_partners" USING btree ("incoming_token_hash") WHERE "roaming_partners"."incoming_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partners_pending_uq" ON "roaming_partners" USING btree ("pending_token_hash") WHERE "roaming_partners"."pending_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_partners_token_a_uq" ON "roaming_partners" USING btree ("token_a_hash") WHERE "roaming_partners"."token_a_hash" IS NOT NULL;
