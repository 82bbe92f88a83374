import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';
import { drivers, operators, rfidCards } from '../../apps/server/src/db/schema/index.js';

export interface FlowCards {
  /** Cards Voltline accepts (one driver, postpaid: no balance rule in the way). */
  good: string[];
  /** Blocked and expired cards: every start on them is refused. */
  revoked: string[];
}

/**
 * The charging-flow benchmark's cards, under the demo's Ankara operator (postpaid), in the same
 * network as the charge points registered under İstanbul: `good` active ones, and `revoked` ones
 * alternately blocked and expired.
 */
export async function createFlowCards(database: Database, good: number, revoked: number): Promise<FlowCards> {
  const { db } = database;
  const [op] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, 'Voltline Ankara'));
  if (!op) throw new Error('the demo operator "Voltline Ankara" is missing (SEED_DEMO=true)');
  const cards: FlowCards = {
    good: Array.from({ length: good }, (_, i) => `FLOW-${String(i + 1).padStart(5, '0')}`),
    revoked: Array.from({ length: revoked }, (_, i) => `FLOW-X${String(i + 1).padStart(4, '0')}`),
  };
  await db.transaction(async (tx) => {
    const [driver] = await tx
      .insert(drivers)
      .values({ name: 'Bench', surname: 'Fleet', operatorId: op.id, currency: 'TRY' })
      .returning({ id: drivers.id });
    if (!driver) throw new Error('driver insert failed');
    const year = new Date(Date.now() + 365 * 86_400_000);
    const rows = [
      ...cards.good.map((number) => ({ driverId: driver.id, number, expiresAt: year })),
      ...cards.revoked.map((number, i) =>
        i % 2 === 0
          ? { driverId: driver.id, number, status: 'blocked', expiresAt: year }
          : { driverId: driver.id, number, expiresAt: new Date(Date.now() - 86_400_000) },
      ),
    ];
    for (let i = 0; i < rows.length; i += 500) await tx.insert(rfidCards).values(rows.slice(i, i + 500));
  });
  return cards;
}

export interface FlowReport {
  /** Sessions by state and by what Voltline answered the StartTransaction. */
  sessions: Array<{ state: string; authorization: string; count: number; energyKWh: number }>;
  /** Refused sessions the charger ran anyway: with energy, and with meter values on record. */
  refusedWithEnergy: number;
  refusedWithMeterValues: number;
  /** Refused sessions still open (no stop time) although every charger has stopped. */
  refusedOpen: number;
  /** Active sessions whose authorization is not Accepted: must be zero. */
  activeNotAccepted: number;
  /** Active sessions left once every charger has stopped all its transactions: must be zero. */
  activeAfterStop: number;
  /** Pairs of accepted (active or completed) sessions of one card whose time ranges overlap: must be zero. */
  overlappingPairs: number;
  overlappingCards: number;
  /** Stops Voltline could not match to a session (kept for the operator). */
  unmatchedStops: number;
  meterValueRows: number;
}

/** What the database holds after a run (read with a plain client: the server has stopped). */
export async function flowReport(url: string): Promise<FlowReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async (text: string): Promise<number> => {
    const r = await client.query<{ n: string }>(text);
    return Number(r.rows[0]?.n ?? 0);
  };
  try {
    const sessions = await client.query<{ state: string; authorization: string; count: string; wh: string }>(
      `SELECT state, "authorization", count(*) AS count,
              coalesce(sum(coalesce(energy_wh, last_meter_wh - meter_start)), 0) AS wh
         FROM charging_sessions GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const overlap = await client.query<{ pairs: string; cards: string }>(
      `SELECT count(*) AS pairs, count(DISTINCT a.rfid_card_id) AS cards
         FROM charging_sessions a
         JOIN charging_sessions b ON b.rfid_card_id = a.rfid_card_id AND b.id > a.id
        WHERE a.rfid_card_id IS NOT NULL
          AND a.state IN ('active', 'completed') AND b.state IN ('active', 'completed')
          AND tstzrange(a.started_at, coalesce(a.stopped_at, 'infinity'))
           && tstzrange(b.started_at, coalesce(b.stopped_at, 'infinity'))`,
    );
    return {
      sessions: sessions.rows.map((r) => ({
        state: r.state,
        authorization: r.authorization,
        count: Number(r.count),
        energyKWh: Math.round(Number(r.wh) / 100) / 10,
      })),
      refusedWithEnergy: await one(
        `SELECT count(*) AS n FROM charging_sessions
          WHERE state = 'refused' AND coalesce(energy_wh, last_meter_wh - meter_start) > 0`,
      ),
      refusedWithMeterValues: await one(
        `SELECT count(DISTINCT s.id) AS n FROM charging_sessions s
           JOIN meter_values m ON m.session_id = s.id WHERE s.state = 'refused'`,
      ),
      refusedOpen: await one(
        `SELECT count(*) AS n FROM charging_sessions WHERE state = 'refused' AND stopped_at IS NULL`,
      ),
      activeNotAccepted: await one(
        `SELECT count(*) AS n FROM charging_sessions WHERE state = 'active' AND "authorization" <> 'Accepted'`,
      ),
      activeAfterStop: await one(`SELECT count(*) AS n FROM charging_sessions WHERE state = 'active'`),
      overlappingPairs: Number(overlap.rows[0]?.pairs ?? 0),
      overlappingCards: Number(overlap.rows[0]?.cards ?? 0),
      unmatchedStops: await unmatchedStops(client),
      meterValueRows: await one(`SELECT count(*) AS n FROM meter_values`),
    };
  } finally {
    await client.end();
  }
}

/** Active sessions in the database right now, by OCPP transaction id (to set beside the chargers' own view). */
export async function activeSessionIds(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ id: number }>(`SELECT id FROM charging_sessions WHERE state = 'active'`);
    return r.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

async function unmatchedStops(client: pg.Client): Promise<number> {
  const exists = await client.query(`SELECT 1 FROM pg_tables WHERE tablename = 'unmatched_stops'`);
  if (exists.rowCount === 0) return 0;
  const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM unmatched_stops`);
  return Number(r.rows[0]?.n ?? 0);
}
