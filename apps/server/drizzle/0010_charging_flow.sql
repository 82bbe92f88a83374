CREATE TABLE "local_lists" (
	"charge_point_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_points" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "local_lists" ADD CONSTRAINT "local_lists_charge_point_id_charge_points_id_fk" FOREIGN KEY ("charge_point_id") REFERENCES "public"."charge_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Sessions a refused StartTransaction left running were stored as active and blocked their card.
-- They become 'refused' before the index below allows one accepted running session per card; of
-- accepted sessions already overlapping on one card, the later ones are refused as ConcurrentTx.
UPDATE "charging_sessions" SET "state" = 'refused' WHERE "state" = 'active' AND "authorization" <> 'Accepted';
--> statement-breakpoint
UPDATE "charging_sessions" s SET "state" = 'refused', "authorization" = 'ConcurrentTx'
WHERE s."state" = 'active' AND s."rfid_card_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "charging_sessions" o
  WHERE o."rfid_card_id" = s."rfid_card_id" AND o."state" = 'active' AND o."id" < s."id");
--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_card_active_uq" ON "charging_sessions" USING btree ("rfid_card_id") WHERE "charging_sessions"."state" = 'active' AND "charging_sessions"."rfid_card_id" IS NOT NULL;