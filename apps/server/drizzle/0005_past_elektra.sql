DROP INDEX "charging_sessions_started_idx";--> statement-breakpoint
CREATE INDEX "charging_sessions_started_idx" ON "charging_sessions" USING btree ("started_at","id");