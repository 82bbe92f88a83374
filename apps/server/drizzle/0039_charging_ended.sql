-- When the car stopped drawing energy in a running session (issue #30): parking is priced after
-- it, and time components count charging time only up to it. Set by connector status reports
-- (SuspendedEV, Finishing), cleared when charging resumes; null on sessions that never paused and
-- on every session from before, which are priced as they always were.
ALTER TABLE "charging_sessions" ADD COLUMN "charging_ended_at" timestamp with time zone;
