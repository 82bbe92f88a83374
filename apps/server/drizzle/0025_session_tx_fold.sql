ALTER TABLE "charging_sessions" ADD COLUMN "tx_fold" jsonb;
