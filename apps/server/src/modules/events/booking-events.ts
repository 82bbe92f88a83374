import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * `booking.created` (a booking its charger accepted) or `booking.ended` (used, cancelled, expired)
 * for the bookings named, read from their rows as this transaction left them, in one statement.
 */
export async function bookingEvents(
  tx: Tx,
  type: 'booking.created' | 'booking.ended',
  ids: readonly number[],
) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    INSERT INTO integration_events (operator_id, type, charge_point_id, subject, data)
    SELECT b.operator_id, ${type}::text, b.charge_point_id, b.id::text, CASE WHEN ${type}::text = 'booking.created'
        THEN jsonb_build_object('bookingId', b.id, 'chargePointId', c.charge_point_id,
          'connectorId', b.connector_id, 'startsAt', to_json(b.created_at)#>>'{}',
          'expiresAt', to_json(b.expires_at)#>>'{}')
        ELSE jsonb_build_object('bookingId', b.id, 'chargePointId', c.charge_point_id,
          'connectorId', b.connector_id, 'status', b.state) END
      FROM bookings b JOIN charge_points c ON c.id = b.charge_point_id
     WHERE b.id = ANY(${sql.param([...ids])}::int[])
     ORDER BY b.id`);
}
