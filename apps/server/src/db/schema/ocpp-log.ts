import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every OCPP frame in and out. */
export const ocppMessages = pgTable(
  'ocpp_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The OCPP identity as the charger used it (kept even if the charge point is later removed). */
    chargePointId: text('charge_point_id').notNull(),
    /** in (charger → Voltline) | out */
    direction: text('direction').notNull(),
    /** CALL | CALLRESULT | CALLERROR | INVALID */
    messageType: text('message_type').notNull(),
    messageId: text('message_id'),
    action: text('action'),
    payload: jsonb('payload').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** For a CALLRESULT/CALLERROR: milliseconds since its CALL. */
    responseTimeMs: integer('response_time_ms'),
  },
  (t) => [
    index('ocpp_messages_cp_at_idx').on(t.chargePointId, t.at),
    index('ocpp_messages_at_idx').on(t.at),
    index('ocpp_messages_msgid_idx').on(t.chargePointId, t.messageId),
  ],
);
