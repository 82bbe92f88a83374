import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reusable } from '../../db/prepared.js';
import { meterValues } from '../../db/schema/index.js';
import type { UsageSample } from '../tariffs/pricing.js';

const ENERGY = 'Energy.Active.Import.Register';
const POWER = 'Power.Active.Import';

/** The energy register and power a session's charger sampled at its outlet, in time order. */
const samplesQuery = reusable('session_usage_samples', (tx) =>
  tx
    .select({
      at: meterValues.at,
      measurand: meterValues.measurand,
      unit: meterValues.unit,
      numeric: meterValues.numeric,
    })
    .from(meterValues)
    .where(
      and(
        eq(meterValues.sessionId, sql.placeholder('sessionId')),
        inArray(meterValues.measurand, [ENERGY, POWER]),
        isNull(meterValues.phase),
        isNotNull(meterValues.numeric),
        or(isNull(meterValues.location), eq(meterValues.location, 'Outlet')),
      ),
    )
    .orderBy(asc(meterValues.at)),
);

/** What a session's bill was priced by beside its figures (SessionsService.usageOf). */
export interface SessionUsage {
  samples: UsageSample[];
  chargingEndedAt: Date | null;
}

type Row = { at: Date | string; measurand: string; unit: string | null; numeric: number | null };

/**
 * A session's meter as billing reads it: for each time its charger sampled the energy register,
 * the energy since the session's start (Wh; the start as staff corrected it, if they did) and the
 * power sampled with it (W), whatever protocol carried them. Per-phase values and readings at the
 * car's side are left out; kWh and kW are taken in Wh and W.
 */
export async function usageSamples(
  tx: Tx,
  session: { id: number; meterStart: number; correctedMeterStart?: number | null },
): Promise<UsageSample[]> {
  const rows = (await samplesQuery(tx).execute({ sessionId: session.id })) as Row[];
  return samplesOf(rows, session.correctedMeterStart ?? session.meterStart);
}

/** Rows of one session's samples (in time order) as billing's samples. */
export function samplesOf(rows: Row[], meterStart: number): UsageSample[] {
  const byTime = new Map<number, { wh: number | null; w: number | null }>();
  for (const r of rows) {
    const at = new Date(r.at).getTime();
    const k = r.unit === 'kWh' || r.unit === 'kW' ? 1000 : 1;
    const value = (r.numeric ?? 0) * k;
    if (!Number.isFinite(value)) continue;
    const m = byTime.get(at) ?? { wh: null, w: null };
    if (r.measurand === ENERGY) m.wh = Math.round(value);
    else m.w = value;
    byTime.set(at, m);
  }
  const samples: UsageSample[] = [];
  for (const [at, m] of byTime) {
    if (m.wh === null) continue;
    samples.push({ at: new Date(at), wh: m.wh - meterStart, w: m.w });
  }
  return samples.sort((a, b) => a.at.getTime() - b.at.getTime());
}
