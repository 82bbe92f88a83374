-- Written by hand: Drizzle cannot express INCLUDE. Lets the dashboard sum sessions of a date
-- range (count, energy, revenue, per day, utilisation) with an index-only scan.
CREATE INDEX IF NOT EXISTS "charging_sessions_started_cover_idx" ON "charging_sessions" USING btree ("started_at") INCLUDE ("operator_id","charge_point_id","energy_wh","cost","stopped_at","last_meter_wh","meter_start","state");
