import type { Locale } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { authorizeIdTag } from './authorization.js';

/** What the OCPP endpoint asks of drivers: whether a card may charge at a charger's operator. */
export class DriversOcpp {
  constructor(
    private readonly db: Db,
    /**
     * The language a charger speaks to drivers in: drivers keep no language of their own, so the
     * network's default (DEFAULT_LOCALE) is every driver's.
     */
    readonly driverLocale: Locale = 'en',
  ) {}

  authorize(idTag: string, chargePointOperatorPath: string) {
    return authorizeIdTag(this.db, idTag, chargePointOperatorPath);
  }
}
