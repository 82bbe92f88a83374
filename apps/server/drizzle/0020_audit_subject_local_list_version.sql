ALTER TABLE "audit_logs" ADD COLUMN "subject_operator_id" integer;--> statement-breakpoint
CREATE INDEX "audit_logs_subject_operator_idx" ON "audit_logs" USING btree ("subject_operator_id","id");--> statement-breakpoint
UPDATE "audit_logs" a SET "subject_operator_id" = CASE
  WHEN a.entity = 'chargePoint' THEN (SELECT cp.operator_id FROM charge_points cp WHERE lower(cp.charge_point_id) = lower(a.entity_id) LIMIT 1)
  WHEN a.entity = 'payment' THEN (SELECT p.operator_id FROM payments p WHERE p.pg_tran_id = a.entity_id LIMIT 1)
  WHEN a.entity_id !~ '^[0-9]{1,9}$' THEN NULL
  WHEN a.entity = 'driver' THEN (SELECT d.operator_id FROM drivers d WHERE d.id = a.entity_id::int)
  WHEN a.entity = 'rfidCard' THEN (SELECT d.operator_id FROM rfid_cards c JOIN drivers d ON d.id = c.driver_id WHERE c.id = a.entity_id::int)
  WHEN a.entity = 'address' THEN (SELECT d.operator_id FROM driver_addresses x JOIN drivers d ON d.id = x.driver_id WHERE x.id = a.entity_id::int)
  WHEN a.entity = 'vehicle' THEN (SELECT d.operator_id FROM driver_vehicles x JOIN drivers d ON d.id = x.driver_id WHERE x.id = a.entity_id::int)
  WHEN a.entity = 'connector' THEN (SELECT cp.operator_id FROM connectors c JOIN charge_points cp ON cp.id = c.charge_point_id WHERE c.id = a.entity_id::int)
  WHEN a.entity = 'tariff' THEN (SELECT t.operator_id FROM tariffs t WHERE t.id = a.entity_id::int)
  WHEN a.entity = 'user' THEN (SELECT u.operator_id FROM users u WHERE u.id = a.entity_id::int)
  WHEN a.entity = 'operator' THEN (SELECT o.id FROM operators o WHERE o.id = a.entity_id::int)
  WHEN a.entity = 'session' THEN (SELECT s.operator_id FROM charging_sessions s WHERE s.id = a.entity_id::int)
  WHEN a.entity = 'booking' THEN (SELECT b.operator_id FROM bookings b WHERE b.id = a.entity_id::int)
  WHEN a.entity = 'firmware' THEN (SELECT f.operator_id FROM firmwares f WHERE f.id = a.entity_id::int)
  WHEN a.entity = 'firmwareCampaign' THEN (SELECT f.operator_id FROM firmware_campaigns f WHERE f.id = a.entity_id::int)
  WHEN a.entity = 'maintenanceLog' THEN (SELECT m.operator_id FROM maintenance_logs m WHERE m.id = a.entity_id::int)
  WHEN a.entity = 'smartChargingGroup' THEN (SELECT g.operator_id FROM smart_charging_groups g WHERE g.id = a.entity_id::int)
END
WHERE a.entity_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "local_lists" ALTER COLUMN "version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_lists" ADD COLUMN "reported_version" integer;--> statement-breakpoint
ALTER TABLE "local_lists" ADD COLUMN "reported_at" timestamp with time zone;
