import type { Db } from '../../db/client.js';
import { authorizeIdTag } from './authorization.js';

/** What the OCPP endpoint asks of drivers: whether a card may charge at a charger's operator. */
export class DriversOcpp {
  constructor(private readonly db: Db) {}

  authorize(idTag: string, chargePointOperatorPath: string) {
    return authorizeIdTag(this.db, idTag, chargePointOperatorPath);
  }
}
