-- Roaming tokens, authorizations and sessions (issue #31). An eMSP's tokens as Voltline received them
-- (pulled or pushed, OCPI 2.2.1 Tokens module); every answer about a roaming token at a charger
-- (from the cached whitelist, a real-time authorization or a partner's START_SESSION command); and
-- which charging sessions are a partner's, with what was pushed of them (Sessions, CDRs).
CREATE TABLE "roaming_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "partner_id" integer NOT NULL,
  "country_code" text NOT NULL,
  "party_id" text NOT NULL,
  "uid" text NOT NULL,
  "type" text NOT NULL,
  "contract_id" text NOT NULL,
  "visual_number" text,
  "issuer" text NOT NULL,
  "group_id" text,
  "valid" boolean NOT NULL,
  "whitelist" text NOT NULL,
  "language" text,
  "default_profile_type" text,
  "energy_contract" jsonb,
  "last_updated" timestamp with time zone NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_tokens" ADD CONSTRAINT "roaming_tokens_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_tokens_object_uq" ON "roaming_tokens" USING btree ("partner_id","country_code","party_id","uid","type");
--> statement-breakpoint
CREATE INDEX "roaming_tokens_uid_idx" ON "roaming_tokens" USING btree (upper("uid"));
--> statement-breakpoint
CREATE TABLE "roaming_authorizations" (
  "id" serial PRIMARY KEY NOT NULL,
  "partner_id" integer NOT NULL,
  "token_id" integer,
  "token_uid" text NOT NULL,
  "token_type" text NOT NULL,
  "charge_point_id" integer NOT NULL,
  "evse_uid" text,
  "source" text NOT NULL,
  "allowed" text NOT NULL,
  "verdict" text NOT NULL,
  "authorization_reference" text,
  "info" text,
  "session_id" integer,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_authorizations" ADD CONSTRAINT "roaming_authorizations_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "roaming_authorizations_token_idx" ON "roaming_authorizations" USING btree (upper("token_uid"),"charge_point_id","at");
--> statement-breakpoint
CREATE INDEX "roaming_authorizations_partner_idx" ON "roaming_authorizations" USING btree ("partner_id","at");
--> statement-breakpoint
CREATE TABLE "roaming_sessions" (
  "session_id" integer PRIMARY KEY NOT NULL,
  "partner_id" integer NOT NULL,
  "token_id" integer,
  "token_uid" text NOT NULL,
  "token_type" text NOT NULL,
  "contract_id" text NOT NULL,
  "token_country_code" text NOT NULL,
  "token_party_id" text NOT NULL,
  "authorization_reference" text,
  "authorization_id" integer,
  "session_pushed_at" timestamp with time zone,
  "cdrs" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_sessions" ADD CONSTRAINT "roaming_sessions_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "roaming_sessions" ADD CONSTRAINT "roaming_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "roaming_sessions_partner_idx" ON "roaming_sessions" USING btree ("partner_id","session_id");
--> statement-breakpoint
ALTER TABLE "roaming_partners" ADD COLUMN "tokens_pulled_at" timestamp with time zone;
