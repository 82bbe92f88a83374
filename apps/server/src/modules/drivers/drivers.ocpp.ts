import type { Locale } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { authorizeIdTag } from './authorization.js';

/** Where a token is presented, for the roaming side's real-time question. */
export interface TokenPresented {
  /** The charge point's row id. */
  chargePointId: number;
  idTag: string;
  /** The connector (1.6) or EVSE (2.0.1) of a start, when known. */
  connectorId?: number;
  /** A start (StartTransaction, TransactionEvent): an ALLOWED token is then taken from the cache. */
  start: boolean;
}

/**
 * Asks a roaming partner about a token in real time when its rules want it, and records the answer
 * (roaming/tokens/authorize.ts, wired in services.ts). Runs before the charger's message reaches a
 * database transaction; never throws (a failure is an answer: UNREACHABLE).
 */
export type RoamingRealtime = (presented: TokenPresented) => Promise<void>;

/** What the OCPP endpoint asks of drivers: whether a card may charge at a charger's operator. */
export class DriversOcpp {
  /** The roaming side's real-time authorization; none where roaming is not wired. */
  roamingRealtime: RoamingRealtime | null = null;

  constructor(
    private readonly db: Db,
    /**
     * The language a charger speaks to drivers in: drivers keep no language of their own, so the
     * network's default (DEFAULT_LOCALE) is every driver's.
     */
    readonly driverLocale: Locale = 'en',
  ) {}

  /** The card's answer for an Authorize; at a charge point, a roaming token's answer is recorded. */
  authorize(idTag: string, chargePointOperatorPath: string, chargePointId?: number) {
    const at = chargePointId === undefined ? undefined : { chargePointId, record: true };
    return authorizeIdTag(this.db, idTag, chargePointOperatorPath, new Date(), at);
  }

  /** Before a token's answer: the roaming partner asked in real time if its token needs it. */
  async beforeAuthorize(presented: TokenPresented): Promise<void> {
    if (!this.roamingRealtime) return;
    await this.roamingRealtime(presented).catch(() => undefined);
  }
}
