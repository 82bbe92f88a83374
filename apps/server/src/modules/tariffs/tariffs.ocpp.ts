import type { Db } from '../../db/client.js';
import { tariffOfCharger } from './tariffs.repository.js';

/** What the OCPP side asks of tariffs: the one a charger bills by now, to tell a driver its price. */
export function chargerTariff(db: Db, chargePointId: number, at: Date) {
  return tariffOfCharger(db, chargePointId, at);
}
