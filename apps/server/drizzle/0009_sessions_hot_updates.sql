-- Written by hand: Drizzle cannot express INCLUDE or storage parameters.
-- Live figures of running sessions (MeterValues) change last_meter_wh, which the covering index
-- of migration 0006 carried, so every update wrote a new entry into each of the table's eight
-- indexes. The dashboard now reads closed sessions from rollups (0007, 0008) and needs the column
-- only for a few rows, so the index no longer carries it; with room left on each page, such an
-- update stays on its page and touches no index (a HOT update).
DROP INDEX IF EXISTS "charging_sessions_started_cover_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "charging_sessions_started_cover_idx" ON "charging_sessions" USING btree ("started_at") INCLUDE ("operator_id","charge_point_id","energy_wh","cost","stopped_at","meter_start","state");
--> statement-breakpoint
ALTER TABLE "charging_sessions" SET (fillfactor = 85);
