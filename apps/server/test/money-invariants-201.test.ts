import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import type { TariffSnapshot } from '@voltline/contract';
import {
  balanceEntries,
  chargingSessions,
  connectors,
  drivers,
  operators,
  payments,
  rfidCards,
  tariffs,
} from '../src/db/schema/index.js';
import { postBalanceEntry } from '../src/modules/drivers/balance.service.js';
import { sessionCost } from '../src/modules/tariffs/pricing.js';
import { FUZZ_SEED, runs, timeLimit } from './fuzz-values.js';
import { createTestApp, type TestApp } from './helper.js';
import { boot, boot201, connectClient, listen, registerChargePoint, type Client } from './ocpp-helper.js';
import { txEvents } from './tx201.js';

// The money invariants with OCPP 2.0.1 stations beside 1.6 chargers on the same cards and
// tariffs: 2.0.1 transactions sent live, plugged in first, replayed offline shuffled with
// duplicates, or Ended before Started. Whatever the order, each completed billed session has
// exactly one payment line (and one ledger line when paid from a balance), every balance is its
// start less its charges, refused and tokenless sessions are never billed, and a 2.0.1 session
// costs what a 1.6 session of the same energy, duration and tariff costs.
// FUZZ_RUNS and FUZZ_SEED as in money-invariants.test.ts.

const RUNS = 12;
const PW = 'money-201-charger-secret';
const HOUR = 3_600_000;
const START_BALANCE = 500_000;

type Card = 'prepaid' | 'postpaid' | 'blocked' | 'unknown' | 'none' | 'free';
type Delivery = 'live' | 'plugFirst' | 'shuffled' | 'endedFirst';
interface Tx {
  v201: boolean;
  card: Card;
  evse: 1 | 2;
  energyWh: number;
  minutes: number;
  delivery: Delivery;
  /** Also charged the same on the other protocol, to compare the two costs. */
  twin: boolean;
}

let t: TestApp;
let url: string;
let istanbul: number;
let ankara: number;
let tariffIds: number[];
let nextRun = 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  url = await listen(t);
  const ops = await t.database.db.select({ id: operators.id, name: operators.name }).from(operators);
  istanbul = ops.find((o) => o.name === 'Voltline İstanbul')!.id;
  ankara = ops.find((o) => o.name === 'Voltline Ankara')!.id;
  const base = { operatorId: istanbul, type: 'AC', pricePerKwh: 1_000 };
  const rows = await t.database.db
    .insert(tariffs)
    .values([
      {
        ...base,
        name: 'M201 prepaid',
        paymentType: 'Prepaid',
        pricePerKwh: 850,
        limitKwh: 20,
        overLimitPricePerKwh: 1_200,
        fixedPrice: 500,
      },
      { ...base, name: 'M201 postpaid', paymentType: 'Postpaid', pricePerKwh: 1_100 },
      { ...base, name: 'M201 odd', paymentType: 'Postpaid', pricePerKwh: 333, fixedPrice: 7 },
      { ...base, name: 'M201 free', paymentType: 'Free', pricePerKwh: 0 },
    ])
    .returning({ id: tariffs.id });
  tariffIds = rows.map((r) => r.id);
});
afterAll(() => t.close());

const tx: fc.Arbitrary<Tx> = fc.record({
  v201: fc.boolean(),
  card: fc.constantFrom<Card>(
    'prepaid',
    'prepaid',
    'postpaid',
    'postpaid',
    'blocked',
    'unknown',
    'none',
    'free',
  ),
  evse: fc.constantFrom(1 as const, 2 as const),
  energyWh: fc.integer({ min: 0, max: 30_000 }),
  minutes: fc.integer({ min: 15, max: 120 }),
  delivery: fc.constantFrom<Delivery>('live', 'plugFirst', 'shuffled', 'endedFirst'),
  twin: fc.boolean(),
});

/** The order a station sends its events in; duplicates are resends. */
function order(delivery: Delivery, shuffle: readonly number[]): readonly number[] {
  switch (delivery) {
    case 'live':
    case 'plugFirst':
      return [0, 1, 2];
    case 'endedFirst':
      return [2, 0, 1];
    case 'shuffled':
      return shuffle;
  }
}

interface Done {
  tx: Tx;
  sessionId: number;
  /** The session of its twin on the other protocol, if any. */
  twinId?: number;
}

async function runOnce(tariff: number, list: Tx[], shuffle: readonly number[]): Promise<string[]> {
  const n = ++nextRun;
  const db = t.database.db;
  const problems: string[] = [];
  const cp201 = await registerChargePoint(t, `M201-${n}-V2`, PW);
  const cp16 = await registerChargePoint(t, `M201-${n}-V16`, PW);
  await db
    .update(connectors)
    .set({ tariffId: tariffIds[tariff]!, maximumPower: null })
    .where(inArray(connectors.chargePointId, [cp201.id, cp16.id]));
  const driver = async (balance: number, operatorId: number) => {
    const [row] = await db
      .insert(drivers)
      .values({ name: 'Money', surname: `201 run ${n}`, operatorId })
      .returning({ id: drivers.id });
    if (balance > 0)
      await db.transaction((x) => postBalanceEntry(x, { driverId: row!.id, amount: balance, kind: 'topup' }));
    return row!.id;
  };
  const prepaid = await driver(START_BALANCE, istanbul);
  // İstanbul keeps a minimum balance; Ankara's drivers pay afterwards (as in money-invariants).
  const postpaid = await driver(0, ankara);
  const expires = new Date(Date.now() + 365 * 24 * HOUR);
  await db.insert(rfidCards).values([
    { driverId: prepaid, number: `P${n}PRE`, expiresAt: expires },
    { driverId: postpaid, number: `P${n}POST`, expiresAt: expires },
    { driverId: prepaid, number: `P${n}BLK`, expiresAt: expires, status: 'blocked' },
  ]);
  const cardNumber: Record<Card, string | undefined> = {
    prepaid: `P${n}PRE`,
    postpaid: `P${n}POST`,
    blocked: `P${n}BLK`,
    unknown: `P${n}NOBODY`,
    none: undefined,
    free: 'free',
  };
  const v2: Client = await connectClient(url, `M201-${n}-V2`, PW, 'ocpp2.0.1');
  const v16: Client = await connectClient(url, `M201-${n}-V16`, PW, 'ocpp1.6');
  try {
    await v2.call('BootNotification', boot201);
    await v16.call('BootNotification', boot);
    // Each transaction its own two hours, from three days ago: none overlaps another on an EVSE.
    let clock = Date.now() - 72 * HOUR;
    const on201 = async (x: Tx, id: string) => {
      const token = cardNumber[x.card];
      const events = txEvents(id, (clock += 2 * HOUR), {
        ...(x.delivery === 'plugFirst' || token === undefined ? {} : { token }),
        evse: x.evse,
        meterStart: 1_000,
        meterStop: 1_000 + x.energyWh,
        minutes: x.minutes,
        offline: x.delivery === 'shuffled' || x.delivery === 'endedFirst',
      });
      if (x.delivery === 'plugFirst' && token !== undefined) {
        events[1] = {
          ...events[1],
          triggerReason: 'Authorized',
          idToken:
            token === 'free'
              ? { idToken: '', type: 'NoAuthorization' }
              : { idToken: token, type: 'ISO14443' },
        };
      }
      for (const i of order(x.delivery, shuffle)) await v2.call('TransactionEvent', events[i]);
      const [s] = await db
        .select({ id: chargingSessions.id })
        .from(chargingSessions)
        .where(
          and(eq(chargingSessions.chargePointId, cp201.id), eq(chargingSessions.chargerTransactionId, id)),
        );
      return s!.id;
    };
    const on16 = async (x: Tx) => {
      const start = (clock += 2 * HOUR);
      const idTag = cardNumber[x.card] ?? `P${n}NOBODY`;
      const started = (await v16.call('StartTransaction', {
        connectorId: x.evse,
        idTag: idTag === 'free' ? `P${n}PRE` : idTag,
        meterStart: 1_000,
        timestamp: new Date(start).toISOString(),
      })) as { transactionId: number };
      await v16.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 1_000 + x.energyWh,
        timestamp: new Date(start + x.minutes * 60_000).toISOString(),
        reason: 'Local',
      });
      return started.transactionId;
    };
    const done: Done[] = [];
    for (const [i, x] of list.entries()) {
      const v201 = x.v201 || x.card === 'none' || x.card === 'free';
      const sessionId = v201 ? await on201(x, `T${i}`) : await on16(x);
      const twinId = x.twin ? (v201 ? await on16(x) : await on201(x, `T${i}-twin`)) : undefined;
      done.push({ tx: { ...x, v201 }, sessionId, ...(twinId === undefined ? {} : { twinId }) });
    }
    problems.push(...(await check(done, prepaid, postpaid)));
  } finally {
    await Promise.all([v2.close({ force: true }), v16.close({ force: true })]);
  }
  return problems;
}

async function check(done: Done[], prepaid: number, postpaid: number): Promise<string[]> {
  const db = t.database.db;
  const problems: string[] = [];
  const ids = done.flatMap((d) => [d.sessionId, ...(d.twinId === undefined ? [] : [d.twinId])]);
  const sessions = await db.select().from(chargingSessions).where(inArray(chargingSessions.id, ids));
  const pays = await db.select().from(payments).where(inArray(payments.sessionId, ids));
  const ledger = await db
    .select()
    .from(balanceEntries)
    .where(inArray(balanceEntries.driverId, [prepaid, postpaid]));
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const charged = new Map<number, number>();
  const charge = (driverId: number | null, amount: number) =>
    driverId !== null && charged.set(driverId, (charged.get(driverId) ?? 0) + amount);
  for (const d of done) {
    const s = byId.get(d.sessionId)!;
    const label = `${d.tx.v201 ? '2.0.1' : '1.6'} ${JSON.stringify(d.tx)} → session ${s.id} (${s.state} ${s.authorization}, tariff ${(s.tariffSnapshot as TariffSnapshot | null)?.paymentType}, energy ${s.energyWh}, cost ${s.cost})`;
    const own = pays.filter((p) => p.sessionId === s.id);
    const lines = ledger.filter((e) => e.reference === `session:${s.id}`);
    const refused = ['blocked', 'unknown', 'none'].includes(d.tx.card);
    if (refused) {
      const twin = d.twinId === undefined ? undefined : byId.get(d.twinId);
      if (twin && (twin.state !== 'refused' || twin.cost !== null))
        problems.push(`${label}: its twin on the other protocol is ${twin.state}, cost ${twin.cost}`);
      if (s.state !== 'refused' || s.cost !== null || own.length > 0 || lines.length > 0)
        problems.push(`${label}: a refused or tokenless session is billed or not refused`);
      continue;
    }
    if (s.state !== 'completed') {
      problems.push(`${label}: not completed`);
      continue;
    }
    if (s.energyWh !== d.tx.energyWh) problems.push(`${label}: energy is not ${d.tx.energyWh}`);
    const cost = sessionCost(s.tariffSnapshot as TariffSnapshot, d.tx.energyWh);
    if (s.cost !== cost) problems.push(`${label}: cost is not the tariff's ${cost}`);
    if ((s.cost ?? 0) > 0 && own.length !== 1) problems.push(`${label}: ${own.length} payment lines`);
    if (own.length > 1) problems.push(`${label}: ${own.length} payment lines`);
    const fromBalance = own[0]?.gateway === 'balance';
    if (lines.length !== (fromBalance ? 1 : 0)) problems.push(`${label}: ${lines.length} ledger lines`);
    if (fromBalance) {
      if (lines[0]?.amount !== -(s.cost ?? 0)) problems.push(`${label}: ledger ${lines[0]?.amount}`);
      charge(own[0]!.driverId, s.cost ?? 0);
    }
    if (d.twinId !== undefined) {
      const twin = byId.get(d.twinId)!;
      if (twin.cost !== s.cost || twin.energyWh !== s.energyWh)
        problems.push(`${label}: its twin on the other protocol cost ${twin.cost} for ${twin.energyWh} Wh`);
      const twinPays = pays.filter((p) => p.sessionId === twin.id);
      if ((twin.cost ?? 0) > 0 && twinPays.length !== 1)
        problems.push(`${label}: twin has ${twinPays.length} payment lines`);
      if (twinPays[0]?.gateway === 'balance') charge(twinPays[0].driverId, twin.cost ?? 0);
    }
  }
  // Every balance is its start less what its sessions were charged from it, and nothing else.
  for (const [driverId, start] of [
    [prepaid, START_BALANCE],
    [postpaid, 0],
  ] as const) {
    const [row] = await db.select({ balance: drivers.balance }).from(drivers).where(eq(drivers.id, driverId));
    const expected = start - (charged.get(driverId) ?? 0);
    if (row!.balance !== expected)
      problems.push(`driver ${driverId}: balance ${row!.balance}, expected ${expected}`);
  }
  return problems;
}

describe('money invariants over OCPP 2.0.1', () => {
  it(
    'bills each completed session once, never a refused or tokenless one, and 2.0.1 as 1.6 for the same energy',
    async () => {
      const details = await fc.check(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 3 }),
          fc.array(tx, { minLength: 1, maxLength: 5 }),
          fc.constantFrom([2, 0, 2, 1, 0], [1, 2, 0], [2, 1, 0, 1], [0, 2, 1, 2]),
          async (tariff, list, shuffle) => {
            const problems = await runOnce(tariff, list, shuffle);
            if (problems.length > 0) throw new Error(problems.join('\n'));
          },
        ),
        { seed: FUZZ_SEED, numRuns: runs(RUNS), endOnFailure: true },
      );
      const failure = details.failed
        ? `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
          `  run: ${JSON.stringify(details.counterexample)}\n` +
          `  replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`
        : null;
      expect(failure).toBeNull();
    },
    timeLimit(240_000),
  );
});
