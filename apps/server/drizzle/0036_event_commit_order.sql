-- Events are read in commit-safe order: by the writing transaction, then by id. An event whose
-- transaction is older than every running one (pg_snapshot_xmin) can no longer be joined by one
-- committing late, so a cursor never passes an event still to come. Existing rows take
-- transaction 0, before every later one: an event of a transaction that began before this
-- migration and commits after it (a node still on the old code during a rolling upgrade) carries
-- its own transaction id, above 0, and so still comes after every cursor.
ALTER TABLE "integration_events" ADD COLUMN "tx_id" xid8 DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_events" ALTER COLUMN "tx_id" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "integration_events_tx_idx" ON "integration_events" USING btree ("tx_id","id");--> statement-breakpoint
-- An endpoint's cursor becomes the pair (cursor_tx, cursor): the existing events all carry
-- transaction 0, so a cursor (0, id) keeps its place among them.
ALTER TABLE "webhook_endpoints" ADD COLUMN "cursor_tx" xid8 DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The claim of due deliveries and its "an earlier one of this charger is pending" test read only
-- pending rows: partial indexes keep delivered and given-up rows out of both.
DROP INDEX IF EXISTS "webhook_deliveries_due_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","charge_point_id","id") WHERE "state" = 'pending';--> statement-breakpoint
-- Retention keeps an event while any delivery of it is kept.
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");
