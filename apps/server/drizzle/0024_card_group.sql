-- An RFID card may belong to a group (a fleet's or a family's cards): the OCPP 2.0.1 groupIdToken,
-- 1.6's parentIdTag. A card of the group may stop a session another card of the group started.
ALTER TABLE "rfid_cards" ADD COLUMN "group_id_token" text;
