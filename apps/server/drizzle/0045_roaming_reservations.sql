CREATE TABLE "roaming_reservations" (
  "id" serial PRIMARY KEY NOT NULL,
  "partner_id" integer NOT NULL,
  "reservation_id" text NOT NULL,
  "charge_point_id" integer NOT NULL,
  "connector_id" integer NOT NULL,
  "token_uid" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "state" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roaming_reservations" ADD CONSTRAINT "roaming_reservations_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."roaming_partners"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "roaming_reservations_uq" ON "roaming_reservations" USING btree ("partner_id","reservation_id");
