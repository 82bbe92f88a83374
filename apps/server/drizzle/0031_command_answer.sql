-- The charger's whole reply (or its CALLERROR) to a command, for the raw console's calls: their
-- answers have no one status to keep.
ALTER TABLE "command_records" ADD COLUMN "answer" jsonb;
