import { and, eq } from 'drizzle-orm';
import { componentsFromLegacy, type TariffComponents, type TariffSnapshot } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { chargingSessions } from '../../db/schema/index.js';
import { runningCost } from './billing.js';

/** What a session has cost, for a charger's display: running while active, billed once completed. */
export interface SessionCost {
  state: string;
  /** The newest energy register reading (Wh). */
  meterWh: number;
  /** Whether the car draws power now (the newest power reading above zero). */
  drawing: boolean;
  currency: string | null;
  /** Minor units: the running cost while active, the billed cost once completed; null unknown. */
  amount: number | null;
  /** The tariff the session is billed by (its snapshot at the start); null without one. */
  tariff: (TariffSnapshot & { components: TariffComponents }) | null;
}

/**
 * A session's cost as billing sees it now (runningCost while it runs, the billed cost once
 * closed), read for a charger that shows it; undefined when the charger has no such session.
 */
export async function sessionCost(
  db: Db,
  chargePointId: number,
  sessionId: number,
  at: Date,
): Promise<SessionCost | undefined> {
  const [s] = await db
    .select({
      state: chargingSessions.state,
      cost: chargingSessions.cost,
      currency: chargingSessions.currency,
      tariffSnapshot: chargingSessions.tariffSnapshot,
      meterStart: chargingSessions.meterStart,
      meterStop: chargingSessions.meterStop,
      lastMeterWh: chargingSessions.lastMeterWh,
      lastPowerW: chargingSessions.lastPowerW,
      startedAt: chargingSessions.startedAt,
    })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.chargePointId, chargePointId)));
  if (!s) return undefined;
  const snapshot = s.tariffSnapshot as TariffSnapshot | null;
  const amount = s.state === 'active' ? (runningCost(s, at)?.amount ?? null) : s.cost;
  return {
    state: s.state,
    meterWh: s.meterStop ?? s.lastMeterWh ?? s.meterStart,
    drawing: (s.lastPowerW ?? 0) > 0,
    currency: s.currency ?? snapshot?.currency ?? null,
    amount,
    tariff: snapshot
      ? { ...snapshot, components: snapshot.components ?? componentsFromLegacy(snapshot) }
      : null,
  };
}
