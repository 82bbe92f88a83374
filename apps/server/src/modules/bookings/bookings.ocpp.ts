import type { Db } from '../../db/client.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { endByCharger } from './bookings.repository.js';

/** Why a charger ended a reservation by itself: it ran out, or the charger removed it (H04). */
export type ReservationEnd = 'Expired' | 'Removed';

/**
 * What the OCPP side tells bookings. A charger that ends a reservation itself (OCPP 2.0.1
 * ReservationStatusUpdate) ends the booking it names: Expired as expired, Removed (the EVSE faulted
 * or was taken out of service) as cancelled by the charger. A booking that no longer holds, or is
 * another charge point's, is left as it is. Written and audited in one transaction.
 */
export class BookingsOcpp {
  constructor(private readonly db: Db) {}

  async ended(chargePointId: number, reservationId: number, why: ReservationEnd): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const state = why === 'Expired' ? 'expired' : 'cancelled';
      const row = await endByCharger(tx, chargePointId, reservationId, state);
      if (!row) return false;
      await audit(tx, NO_USER, {
        action: why === 'Expired' ? 'expire' : 'cancel',
        entity: 'booking',
        entityId: row.id,
        summary: { connectorId: row.connectorId, idTag: row.idTag, byCharger: why },
      });
      return true;
    });
  }
}
