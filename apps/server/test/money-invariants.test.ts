import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ocppRpc from 'ocpp-rpc';
import { and, eq, inArray } from 'drizzle-orm';
import type { TariffSnapshot } from '@voltline/contract';
import {
  auditLogs,
  balanceEntries,
  chargePoints,
  chargingSessions,
  connectors,
  drivers,
  operators,
  payments,
  refunds,
  rfidCards,
  tariffs,
} from '../src/db/schema/index.js';
import { postBalanceEntry } from '../src/modules/drivers/balance.service.js';
import {
  DEFAULT_MAX_POWER_W,
  ENERGY_ALLOWANCE_WH,
  impossibleReadings,
  POWER_MARGIN,
} from '../src/modules/sessions/review.js';
import { CLOCK_TOLERANCE_MS, MAX_REPLAY_AGE_MS } from '../src/modules/sessions/witness.js';
import { closeStaleSessions } from '../src/modules/sessions/stale.js';
import { sessionCost } from '../src/modules/tariffs/pricing.js';
import { FUZZ_SEED, runs, timeLimit } from './fuzz-values.js';
import { createTestApp, type TestApp } from './helper.js';
import { listen, registerChargePoint } from './ocpp-helper.js';

// The money invariants: after random sequences of Start, MeterValues, Stop, resends, restarts,
// the stale rule and staff closing, reviewing and refunding, the balance equals the ledger, no
// session is billed twice, and no impossible reading is billed. Each run gets its own chargers,
// drivers and cards on one app; the database is checked after every command (see `check`).
// FUZZ_RUNS=10 runs ten times the sequences; FUZZ_SEED=n replays them (CALLs sent at once may
// interleave differently on PostgreSQL). The breaks they found are kept, shrunk, at the end.

const { RPCClient } = ocppRpc;
type Client = InstanceType<typeof RPCClient>;

const RUNS = 30;
const PW = 'money-charger-secret';
const HOUR = 3_600_000;
const YEAR = 365.25 * 24 * HOUR;
const CHARGERS = 2;
/** Connector powers a run picks from (W); null declares none, and 1 MW is assumed. */
const POWERS = [null, 7_400, 22_000, 150_000] as const;
/** The power the test's chargers really deliver on a connector that declares none. */
const UNDECLARED_W = 22_000;

let t: TestApp;
let url: string;
let admin: string;
let finance: string;
let istanbul: number;
let ankara: number;
/** Tariff ids a connector can have; null is no tariff (never billed). */
let tariffIds: (number | null)[];
let nextRun = 0;
let refundKeys = 0;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  finance = await t.login('finance@voltline.local');
  const ops = await t.database.db.select({ id: operators.id, name: operators.name }).from(operators);
  const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;
  istanbul = opId('Voltline İstanbul');
  ankara = opId('Voltline Ankara');
  const root = opId('Voltline Demo Network');
  const tariff = (values: Partial<typeof tariffs.$inferInsert> & { name: string }) => ({
    operatorId: root,
    type: 'AC',
    paymentType: 'Postpaid',
    pricePerKwh: 1_000,
    ...values,
  });
  const rows = await t.database.db
    .insert(tariffs)
    .values([
      tariff({
        name: 'Prepaid with a limit',
        operatorId: istanbul,
        paymentType: 'Prepaid',
        pricePerKwh: 850,
        limitKwh: 20,
        overLimitPricePerKwh: 1_200,
        fixedPrice: 500,
      }),
      tariff({ name: 'Postpaid', pricePerKwh: 1_100 }),
      // Rounds half up on every session: 0.333 per Wh.
      tariff({ name: 'Odd prices', pricePerKwh: 333, fixedPrice: 7, limitKwh: 0.5, overLimitPricePerKwh: 1 }),
      tariff({ name: 'Free', paymentType: 'Free', pricePerKwh: 0 }),
      // A prepaid balance in liras is never debited in euros: billed as postpaid.
      tariff({
        name: 'Euros',
        operatorId: istanbul,
        paymentType: 'Prepaid',
        currency: 'EUR',
        pricePerKwh: 45,
      }),
    ])
    .returning({ id: tariffs.id });
  tariffIds = [...rows.map((r) => r.id), null];
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Commands

/** A meter figure: the connector's real register, or something a broken charger sends. */
type Reading = 'register' | 'zero' | 'negative' | 'back' | 'huge' | 'maxSafe' | 'beyondSafe';
/**
 * A message time: the charger's clock going on, standing, going back, far ahead, unstorable, or
 * jumping years back or forward from the present (and going on from there), or set right again.
 */
type When =
  'next' | 'same' | 'beforeStart' | 'future' | 'outOfRange' | 'yearsBack' | 'yearsAhead' | 'present';
interface StartCmd {
  kind: 'start';
  cp: number;
  connector: 1 | 2;
  card: number;
  reading: Reading;
  when: When;
  minutes: number;
}
interface MeterCmd {
  kind: 'meter';
  tx: number;
  reading: Reading;
  fill: number;
  kwh: boolean;
  when: When;
  minutes: number;
}
interface StopCmd {
  kind: 'stop';
  tx: number;
  reading: Reading;
  fill: number;
  when: When;
  minutes: number;
  reason: 'Local' | 'EVDisconnected' | 'PowerLoss' | undefined;
  data: boolean;
}
type OcppCmd = StartCmd | MeterCmd | StopCmd | { kind: 'resend'; nth: number };
type StaffCmd =
  | { kind: 'stale'; pick: number; beforeStart: boolean }
  | { kind: 'close'; pick: number }
  | {
      kind: 'review';
      pick: number;
      action: 'release' | 'correct';
      energy: number;
      huge: boolean;
      stopAt: boolean;
    }
  | { kind: 'refund'; pick: number; percent: number };
type Single = OcppCmd | StaffCmd;
type Command = Single | { kind: 'burst'; cmds: Single[] } | { kind: 'reconnect'; cp: number };

const weighted = <T>(pairs: [number, T][]): fc.Arbitrary<T> =>
  fc.oneof(...pairs.map(([weight, v]) => ({ weight, arbitrary: fc.constant(v) })));

const when = weighted<When>([
  [14, 'next'],
  [2, 'same'],
  [1, 'beforeStart'],
  [1, 'future'],
  [1, 'outOfRange'],
  [1, 'yearsBack'],
  [1, 'yearsAhead'],
  [1, 'present'],
]);
const minutes = fc.integer({ min: 1, max: 40 });
const fill = fc.integer({ min: 0, max: 100 });
/** Transactions and sessions are picked from the newest back: small picks shrink to the latest. */
const pick = fc.nat({ max: 6 });

const single: fc.Arbitrary<Single> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('start' as const),
      cp: fc.nat({ max: CHARGERS - 1 }),
      connector: fc.constantFrom(1 as const, 2 as const),
      // Mostly cards that charge; the others are refused, one after its first bill.
      card: weighted([
        [3, 0],
        [1, 1],
        [3, 2],
        [1, 3],
        [1, 4],
      ]),
      reading: weighted<Reading>([
        [10, 'register'],
        [2, 'zero'],
        [1, 'negative'],
        [1, 'huge'],
        [1, 'maxSafe'],
        [1, 'beyondSafe'],
      ]),
      when,
      minutes,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('meter' as const),
      tx: pick,
      reading: weighted<Reading>([
        [10, 'register'],
        [1, 'zero'],
        [1, 'negative'],
        [2, 'back'],
        [1, 'huge'],
        [1, 'maxSafe'],
        [1, 'beyondSafe'],
      ]),
      fill,
      kwh: fc.boolean(),
      when,
      minutes,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('stop' as const),
      tx: pick,
      reading: weighted<Reading>([
        [10, 'register'],
        [1, 'zero'],
        [1, 'negative'],
        [2, 'back'],
        [1, 'huge'],
        [1, 'maxSafe'],
        [1, 'beyondSafe'],
      ]),
      fill,
      when,
      minutes,
      reason: fc.constantFrom('Local' as const, 'EVDisconnected' as const, 'PowerLoss' as const, undefined),
      data: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('resend' as const), nth: fc.nat({ max: 8 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('stale' as const), pick, beforeStart: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('review' as const),
      pick,
      action: fc.constantFrom('release' as const, 'correct' as const),
      energy: fc.integer({ min: 0, max: 40_000 }),
      huge: fc.boolean(),
      stopAt: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick,
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
);

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 12, arbitrary: single },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      cmds: fc.array(single, { minLength: 2, maxLength: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reconnect' as const), cp: fc.nat({ max: CHARGERS - 1 }) }),
  },
);

/** Each connector of a run: a tariff (by index, the last being none) and a declared power. */
const layout = fc.array(
  fc.record({
    // Mostly tariffs that cost something.
    tariff: weighted([
      [3, 0],
      [3, 1],
      [2, 2],
      [1, 3],
      [1, 4],
      [1, 5],
    ]),
    power: fc.nat({ max: POWERS.length - 1 }),
  }),
  { minLength: CHARGERS * 2, maxLength: CHARGERS * 2 },
);

// ---------------------------------------------------------------------------------------------
// A run: chargers, cards and what the charger side knows

interface Connector {
  power: number | null;
  /** The connector's real meter register (Wh) and when it read that. */
  register: number;
  at: number;
}
interface Known {
  id: number;
  cp: number;
  connectorId: number;
  card: number;
  meterStart: number;
  startedAt: number;
  /** The earliest Voltline can have seen the session begin, by what the test knows (see `witnessed`). */
  earliest: number;
}
interface Sent {
  cp: number;
  action: 'StartTransaction' | 'MeterValues' | 'StopTransaction';
  payload: Record<string, unknown>;
  refused: boolean;
  transactionId?: number;
}
type SessionRow = typeof chargingSessions.$inferSelect;

function connect(identity: string): Promise<Client> {
  const client = new RPCClient({
    endpoint: url,
    identity,
    password: PW,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
    // A charger that sends several CALLs without waiting for each answer.
    callConcurrency: 8,
    callTimeoutMs: 15_000,
  } as never);
  return client.connect().then(() => client);
}

class Run {
  readonly n = ++nextRun;
  clock = Date.now() - 5 * 24 * HOUR;
  /** Since when Voltline had not heard from each charger when it last connected. */
  chargers: { identity: string; id: number; client: Client; offlineSince: number }[] = [];
  connectors: Connector[] = [];
  cards: string[] = [];
  driverIds: number[] = [];
  prepaidDrivers = new Set<number>();
  known: Known[] = [];
  sent: Sent[] = [];
  /** Broken promises seen while running: answers that should not have come. */
  problems: string[] = [];
  sessions: SessionRow[] = [];
  withPayment: number[] = [];
  money = new Map<number, string>();
  audited: string[] = [];
  calls = 0;
  refunds = 0;

  /**
   * `fresh`: the chargers were registered a moment ago and never connected, so nothing they send
   * can be a replayed offline queue; else they were offline for a month (registerChargePoint).
   */
  async setUp(conns: { tariff: number; power: number }[], fresh = false) {
    const db = t.database.db;
    for (let i = 0; i < CHARGERS; i++) {
      const identity = `MONEY-${this.n}-${i}`;
      const cp = await registerChargePoint(t, identity, PW);
      let offlineSince = cp.lastDisconnectedAt?.getTime() ?? cp.createdAt.getTime();
      if (fresh) {
        offlineSince = Date.now();
        await db
          .update(chargePoints)
          .set({ createdAt: new Date(offlineSince), lastDisconnectedAt: null })
          .where(eq(chargePoints.id, cp.id));
      }
      for (const connectorId of [1, 2]) {
        const c = conns[i * 2 + connectorId - 1]!;
        const tariffId = tariffIds[c.tariff] ?? null;
        const power = POWERS[c.power] ?? null;
        await db
          .update(connectors)
          .set({ tariffId, maximumPower: power })
          .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, connectorId)));
        this.connectors.push({ power, register: 1_000 * (i + 1) * connectorId, at: this.clock });
      }
      this.chargers.push({ identity, id: cp.id, client: await connect(identity), offlineSince });
    }
    const driver = async (operatorId: number, balance: number) => {
      const [row] = await db
        .insert(drivers)
        .values({ name: 'Money', surname: `Run ${this.n}`, operatorId })
        .returning({ id: drivers.id });
      const id = row!.id;
      if (balance > 0) {
        await db.transaction((tx) => postBalanceEntry(tx, { driverId: id, amount: balance, kind: 'topup' }));
      }
      this.driverIds.push(id);
      return id;
    };
    const rich = await driver(istanbul, 200_000);
    // Just above İstanbul's minimum balance: blocked after its first charge.
    const poor = await driver(istanbul, 6_000);
    const post = await driver(ankara, 0);
    this.prepaidDrivers = new Set([rich, poor]);
    const card = async (driverId: number, number: string) => {
      await db
        .insert(rfidCards)
        .values({ driverId, number, expiresAt: new Date(Date.now() + 365 * 24 * HOUR) });
      return number;
    };
    this.cards = [
      await card(rich, `M${this.n}RICH`),
      await card(poor, `M${this.n}POOR`),
      await card(post, `M${this.n}POST`),
      `M${this.n}NOBODY`,
      await card(rich, `M${this.n}RICH2`),
    ];
  }

  async tearDown() {
    await Promise.all(this.chargers.map((c) => c.client.close({ force: true })));
  }

  connector(cp: number, connectorId: number): Connector {
    return this.connectors[cp * 2 + connectorId - 1]!;
  }

  /** The power the server judges a connector's sessions by. */
  maxPowerW(s: SessionRow): number | null {
    const cp = this.chargers.findIndex((c) => c.id === s.chargePointId);
    return this.connector(cp, s.connectorId).power;
  }

  /** The charger's clock for a message; `from` is the start of the transaction it is about. */
  time(w: When, mins: number, from?: number): string {
    switch (w) {
      case 'next':
        return new Date((this.clock += mins * 60_000)).toISOString();
      case 'same':
        return new Date(this.clock).toISOString();
      case 'beforeStart':
        return new Date((from ?? this.clock) - mins * 60_000 - HOUR).toISOString();
      case 'future':
        return new Date(Date.UTC(2150, 0, 1) + (this.clock % 86_400_000)).toISOString();
      case 'outOfRange':
        return mins % 2 === 0 ? '2200-01-01T00:00:00.000Z' : '1969-12-31T23:59:59.000Z';
      case 'yearsBack':
        // 1 to 55 years back (1971 at the most), and on from there.
        return new Date((this.clock = Date.now() - (1 + ((mins * 7) % 55)) * YEAR)).toISOString();
      case 'yearsAhead':
        return new Date((this.clock = Date.now() + (1 + ((mins * 7) % 55)) * YEAR)).toISOString();
      case 'present':
        // The connector delivered since its last reading: days of energy after a jump back.
        return new Date((this.clock = Date.now())).toISOString();
    }
  }

  /**
   * The earliest Voltline can have seen a session begin whose Start the test sends now on charger
   * `cp` (sessions/witness.ts, from the test's side, so never later than the server's): the start
   * of the charger's offline gap before its connection (a replayed queue), at most 31 days back.
   * The test's runs are far shorter than the minutes a replay is believed after a reconnect.
   */
  witnessFrom(cp: number): number {
    const sendAt = Date.now() - 1_000;
    return Math.max(this.chargers[cp]!.offlineSince - CLOCK_TOLERANCE_MS, sendAt - MAX_REPLAY_AGE_MS);
  }

  /** A meter figure for a message at `at` (ms) on a connector; `start` is the transaction's meterStart. */
  figure(r: Reading, c: Connector, at: number, fillPct: number, start?: number): number {
    switch (r) {
      case 'register': {
        // The charger delivered at most 90 % of the connector's power since its last reading.
        if (at > c.at && at < Date.now()) {
          const hours = (at - c.at) / HOUR;
          c.register += Math.floor(((c.power ?? UNDECLARED_W) * hours * 0.9 * fillPct) / 100);
          c.at = at;
        }
        return c.register;
      }
      case 'zero':
        return 0;
      case 'negative':
        return -1_500;
      case 'back':
        return (start ?? c.register) - 1_000;
      case 'huge':
        return 1_000_000_000_000;
      case 'maxSafe':
        return Number.MAX_SAFE_INTEGER;
      case 'beyondSafe':
        return 2 ** 53 + 2;
    }
  }

  /** The newest known transactions first. */
  tx(p: number): Known | undefined {
    return this.known.length === 0 ? undefined : this.known[this.known.length - 1 - (p % this.known.length)];
  }

  /** A session of the run by the last check's view, preferring those `wanted`, newest first. */
  session(p: number, wanted: (s: SessionRow) => boolean): number | undefined {
    const fitting = this.sessions.filter(wanted);
    const from = fitting.length > 0 ? fitting : this.sessions;
    return from.length === 0 ? undefined : from[from.length - 1 - (p % from.length)]?.id;
  }

  /** Sends a CALL; a CALLERROR is expected only for figures or times the server cannot store. */
  async send(cp: number, sent: Omit<Sent, 'cp'>): Promise<unknown> {
    this.calls++;
    const frame: Sent = { cp, ...sent };
    try {
      const answer = await this.chargers[cp]!.client.call(frame.action, frame.payload);
      if (frame.refused) this.problems.push(`${frame.action} ${JSON.stringify(frame.payload)} was accepted`);
      return answer;
    } catch (err) {
      const code = (err as { rpcErrorCode?: string }).rpcErrorCode;
      if (code === undefined) throw err;
      if (!frame.refused || code !== 'PropertyConstraintViolation') {
        this.problems.push(
          `${frame.action} ${JSON.stringify(frame.payload)} answered ${code}: ${String(err)}`,
        );
      }
      return undefined;
    }
  }

  /** Sends a message and remembers it for a resend. */
  async sendNew(cp: number, sent: Omit<Sent, 'cp'>): Promise<unknown> {
    const frame = { cp, ...sent };
    this.sent.push(frame);
    const answer = await this.send(cp, frame);
    if (frame.action === 'StartTransaction' && answer) {
      frame.transactionId = (answer as { transactionId: number }).transactionId;
    }
    return answer;
  }
}

// ---------------------------------------------------------------------------------------------
// Running commands

const unstorable = (...figures: number[]) => figures.some((f) => !Number.isSafeInteger(f));
const badTime = (w: When) => w === 'outOfRange';
/** A transaction id no charger was given: its Stop is kept as unmatched. */
const UNKNOWN_TX = 1_999_999_999;

async function start(run: Run, c: StartCmd) {
  const conn = run.connector(c.cp, c.connector);
  const earliest = run.witnessFrom(c.cp);
  const timestamp = run.time(c.when, c.minutes, run.clock - 2 * 24 * HOUR);
  const meterStart = run.figure(c.reading, conn, Date.parse(timestamp), 100);
  const card = c.card % run.cards.length;
  const answer = (await run.sendNew(c.cp, {
    action: 'StartTransaction',
    payload: { connectorId: c.connector, idTag: run.cards[card], meterStart, timestamp },
    refused: unstorable(meterStart) || badTime(c.when),
  })) as { transactionId: number } | undefined;
  if (!answer || run.known.some((k) => k.id === answer.transactionId)) return;
  run.known.push({
    id: answer.transactionId,
    cp: c.cp,
    connectorId: c.connector,
    card,
    meterStart,
    startedAt: Date.parse(timestamp),
    earliest,
  });
}

async function meter(run: Run, c: MeterCmd) {
  const k = run.tx(c.tx);
  const cp = k?.cp ?? 0;
  const connectorId = k?.connectorId ?? 1;
  const conn = run.connector(cp, connectorId);
  const timestamp = run.time(c.when, c.minutes, k?.startedAt);
  const wh = run.figure(c.reading, conn, Date.parse(timestamp), c.fill, k?.meterStart);
  const value =
    c.kwh && Number.isSafeInteger(wh) ? { value: String(wh / 1000), unit: 'kWh' } : { value: String(wh) };
  await run.sendNew(cp, {
    action: 'MeterValues',
    payload: {
      connectorId,
      transactionId: k?.id ?? UNKNOWN_TX,
      meterValue: [
        {
          timestamp,
          sampledValue: [
            value,
            { value: String((conn.power ?? UNDECLARED_W) / 2), measurand: 'Power.Active.Import', unit: 'W' },
          ],
        },
      ],
    },
    refused: badTime(c.when),
  });
}

async function stop(run: Run, c: StopCmd) {
  const k = run.tx(c.tx);
  const cp = k?.cp ?? 0;
  const conn = run.connector(cp, k?.connectorId ?? 1);
  const timestamp = run.time(c.when, c.minutes, k?.startedAt);
  const meterStop = run.figure(c.reading, conn, Date.parse(timestamp), c.fill, k?.meterStart);
  await run.sendNew(cp, {
    action: 'StopTransaction',
    payload: {
      transactionId: k?.id ?? UNKNOWN_TX,
      meterStop,
      timestamp,
      ...(c.reason ? { reason: c.reason } : {}),
      ...(k && c.data ? { idTag: run.cards[k.card] } : {}),
      ...(c.data
        ? {
            transactionData: [
              { timestamp, sampledValue: [{ value: String(meterStop), context: 'Transaction.End' }] },
            ],
          }
        : {}),
    },
    refused: unstorable(meterStop) || badTime(c.when),
  });
}

/** The same frame again, as a charger resends what it got no answer to before a restart. */
async function resend(run: Run, nth: number) {
  const frame = run.sent[run.sent.length - 1 - (nth % Math.max(1, run.sent.length))];
  if (!frame) return;
  const answer = (await run.send(frame.cp, frame)) as { transactionId?: number } | undefined;
  if (frame.transactionId !== undefined && answer?.transactionId !== frame.transactionId) {
    run.problems.push(
      `resent ${JSON.stringify(frame.payload)} got transaction ${answer?.transactionId}, first ${frame.transactionId}`,
    );
  }
}

/** Staff calls may be refused (409, 400) but never fail. */
async function staff(run: Run, what: string, call: Promise<{ status: number; body: unknown }>) {
  const r = await call;
  if (r.status >= 500) run.problems.push(`${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.status;
}

const isOpen = (s: SessionRow) => s.state === 'active' || (s.state === 'refused' && s.stoppedAt === null);

async function stale(run: Run, c: Extract<StaffCmd, { kind: 'stale' }>) {
  const id = run.session(c.pick, isOpen);
  const s = run.sessions.find((x) => x.id === id);
  if (!s) return;
  // No news since the charger's last message (or, broken, since before the session started).
  const updatedAt = c.beforeStart ? new Date(s.startedAt.getTime() - HOUR) : new Date(run.clock);
  await t.database.db.update(chargingSessions).set({ updatedAt }).where(eq(chargingSessions.id, s.id));
  await closeStaleSessions(t.database.db, 24);
}

async function review(run: Run, c: Extract<StaffCmd, { kind: 'review' }>) {
  const id = run.session(c.pick, (s) => s.state === 'review');
  const s = run.sessions.find((x) => x.id === id);
  if (!s) return;
  const meterStart = Math.max(0, Math.min(s.meterStart, 1_000_000_000));
  const body =
    c.action === 'release'
      ? { action: 'release', note: 'Checked with the site' }
      : {
          action: 'correct',
          note: 'Read off the charger display',
          meterStart,
          meterStop: c.huge ? 1_000_000_000_000 : meterStart + c.energy,
          ...(c.stopAt ? { stoppedAt: new Date(s.startedAt.getTime() + HOUR).toISOString() } : {}),
        };
  await staff(
    run,
    `review ${s.id}`,
    t.call('POST', `/api/portal/Transaction/${s.id}/review`, { token: admin, body }),
  );
}

async function close(run: Run, p: number) {
  const id = run.session(p, isOpen);
  if (id === undefined) return;
  await staff(
    run,
    `close ${id}`,
    t.call('POST', `/api/portal/Transaction/${id}/close`, {
      token: admin,
      body: { reason: 'Charger offline, closed by the money fuzz' },
    }),
  );
}

async function refund(run: Run, c: Extract<StaffCmd, { kind: 'refund' }>) {
  const id = run.withPayment[run.withPayment.length - 1 - (c.pick % Math.max(1, run.withPayment.length))];
  if (id === undefined) return;
  const [p] = await t.database.db.select().from(payments).where(eq(payments.sessionId, id));
  const left = p ? p.amount - p.refundedAmount : 0;
  const amount = Math.min(100_000_000, Math.max(1, Math.ceil((left * c.percent) / 100)));
  const status = await staff(
    run,
    `refund ${id}`,
    t.call('POST', `/api/Payment/refund?pgTranId=VL-SES-${id}&amount=${amount}`, {
      token: finance,
      headers: { 'Idempotency-Key': `money-${run.n}-${++refundKeys}` },
    }),
  );
  if (status === 200) run.refunds++;
}

function runSingle(run: Run, c: Single): Promise<void> {
  switch (c.kind) {
    case 'start':
      return start(run, c);
    case 'meter':
      return meter(run, c);
    case 'stop':
      return stop(run, c);
    case 'resend':
      return resend(run, c.nth);
    case 'stale':
      return stale(run, c);
    case 'close':
      return close(run, c.pick);
    case 'review':
      return review(run, c);
    case 'refund':
      return refund(run, c);
  }
}

async function runCommand(run: Run, c: Command) {
  if (c.kind === 'burst') {
    await Promise.all(c.cmds.map((x) => runSingle(run, x)));
  } else if (c.kind === 'reconnect') {
    // The charger restarts: its socket closes and it connects again.
    const charger = run.chargers[c.cp]!;
    // Offline from here: what it sends on the new connection may replay what it queued since.
    charger.offlineSince = Date.now();
    await charger.client.close({ code: 1000, reason: 'Reboot' });
    charger.client = await connect(charger.identity);
  } else {
    await runSingle(run, c);
  }
}

// ---------------------------------------------------------------------------------------------
// The invariants, read from the database

const SESSION_REF = /^session:(\d+)(:stop)?$/;
const REFUND_REF = /^refund:(\d+)$/;

/** Checks every invariant on the run's drivers and sessions; returns what broke. */
async function check(run: Run): Promise<string[]> {
  const db = t.database.db;
  const now = Date.now();
  const broken: string[] = [...run.problems];
  run.problems = [];
  const sessions = await db
    .select()
    .from(chargingSessions)
    .where(
      inArray(
        chargingSessions.chargePointId,
        run.chargers.map((c) => c.id),
      ),
    )
    .orderBy(chargingSessions.id);
  const ids = sessions.map((s) => s.id);
  const pays = ids.length > 0 ? await db.select().from(payments).where(inArray(payments.sessionId, ids)) : [];
  const refundRows =
    pays.length > 0
      ? await db
          .select({ id: refunds.id, paymentId: refunds.paymentId, amount: refunds.amount })
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              pays.map((p) => p.id),
            ),
          )
      : [];
  const entries = await db
    .select()
    .from(balanceEntries)
    .where(inArray(balanceEntries.driverId, run.driverIds))
    .orderBy(balanceEntries.id);
  const driverRows = await db
    .select({ id: drivers.id, balance: drivers.balance })
    .from(drivers)
    .where(inArray(drivers.id, run.driverIds));
  // Every audited change of the run's sessions, oldest first.
  const audits =
    ids.length > 0
      ? await db
          .select({ entityId: auditLogs.entityId, action: auditLogs.action, summary: auditLogs.summary })
          .from(auditLogs)
          .where(and(eq(auditLogs.entity, 'session'), inArray(auditLogs.entityId, ids.map(String))))
          .orderBy(auditLogs.id)
      : [];
  const auditsOf = (id: number) => audits.filter((a) => a.entityId === String(id));

  const safe = (what: string, n: number | null | undefined) => {
    if (n !== null && n !== undefined && !Number.isSafeInteger(n))
      broken.push(`${what} ${n} is not a safe integer`);
  };

  // The balance is the ledger: each entry's balanceAfter is the one before plus its amount.
  const references = new Set<string>();
  for (const d of driverRows) {
    let balance = 0;
    for (const e of entries.filter((x) => x.driverId === d.id)) {
      safe(`entry ${e.id} amount`, e.amount);
      safe(`entry ${e.id} balanceAfter`, e.balanceAfter);
      if (balance + e.amount !== e.balanceAfter) {
        broken.push(
          `entry ${e.id} (${e.reference}): ${balance} + ${e.amount} ≠ balanceAfter ${e.balanceAfter}`,
        );
      }
      balance = e.balanceAfter;
      if (e.reference !== null) {
        if (references.has(e.reference)) broken.push(`reference ${e.reference} is on the ledger twice`);
        references.add(e.reference);
      }
    }
    safe(`driver ${d.id} balance`, d.balance);
    if (balance !== d.balance) broken.push(`driver ${d.id}: balance ${d.balance}, ledger ${balance}`);
  }

  // What each session took from a balance, and gave back by refunds.
  const charged = new Map<number, { sum: number; drivers: Set<number> }>();
  const refundedBack = new Map<number, number>();
  for (const e of entries) {
    const s = SESSION_REF.exec(e.reference ?? '');
    if (s) {
      const c = charged.get(Number(s[1])) ?? { sum: 0, drivers: new Set<number>() };
      c.sum += e.amount;
      c.drivers.add(e.driverId);
      charged.set(Number(s[1]), c);
    }
    const r = REFUND_REF.exec(e.reference ?? '');
    const refund = r ? refundRows.find((x) => x.id === Number(r[1])) : undefined;
    if (refund) refundedBack.set(refund.paymentId, (refundedBack.get(refund.paymentId) ?? 0) + e.amount);
  }

  const money = new Map<number, string>();
  for (const s of sessions) {
    const own = pays.filter((p) => p.sessionId === s.id);
    const p = own[0];
    const fromBalance = charged.get(s.id);
    const label = `session ${s.id} (${s.state}, ${s.stopReason}, ${s.meterStart}→${s.meterStop}, energy ${s.energyWh}, cost ${s.cost})`;
    safe(`${label} cost`, s.cost);
    const history = auditsOf(s.id);
    money.set(
      s.id,
      JSON.stringify({
        cost: s.cost,
        amount: p?.amount ?? null,
        charged: fromBalance?.sum ?? null,
        audited: history.length,
      }),
    );

    if (own.length > 1) broken.push(`${label} has ${own.length} payment lines`);
    if (p) {
      safe(`${label} payment`, p.amount);
      safe(`${label} refunded`, p.refundedAmount);
      if (p.pgTranId !== `VL-SES-${s.id}`) broken.push(`${label} payment ${p.pgTranId}`);
      if (p.refundedAmount < 0 || p.refundedAmount > p.amount) {
        broken.push(`${label} refunded ${p.refundedAmount} of ${p.amount}`);
      }
      if (s.cost === null || p.amount !== Math.max(s.cost, p.refundedAmount)) {
        broken.push(`${label}: payment line ${p.amount} (refunded ${p.refundedAmount}) is not its cost`);
      }
      const back = refundedBack.get(p.id) ?? 0;
      if (p.gateway === 'balance') {
        // Debited once by its cost (and any correction), credited by its refunds.
        if ((fromBalance?.sum ?? 0) !== -p.amount || back !== p.refundedAmount) {
          broken.push(
            `${label}: paid ${p.amount} refunded ${p.refundedAmount} from the balance, ledger ${fromBalance?.sum ?? 0} and ${back}`,
          );
        }
        if (fromBalance && [...fromBalance.drivers].some((d) => d !== p.driverId)) {
          broken.push(`${label}: debited from another driver than ${p.driverId}`);
        }
      } else if (fromBalance || back !== 0) {
        broken.push(`${label}: paid by ${p.gateway}, yet on the ledger`);
      }
    } else if (fromBalance) {
      broken.push(`${label}: on the ledger (${fromBalance.sum}) without a payment line`);
    }

    const tariff = s.tariffSnapshot as TariffSnapshot | null;
    if (p && (p.currency !== tariff?.currency || s.currency !== p.currency)) {
      broken.push(`${label}: paid in ${p.currency}, priced in ${s.currency}, tariff in ${tariff?.currency}`);
    }
    if (s.state === 'review') {
      // Held for what is wrong with its readings as they are, and for nothing else.
      const reasons = impossibleReadings(s, run.maxPowerW(s));
      if (reasons.length === 0 || JSON.stringify(s.reviewReasons) !== JSON.stringify(reasons)) {
        broken.push(
          `${label} held for ${JSON.stringify(s.reviewReasons)}, its readings show ${reasons.join(', ')}`,
        );
      }
      // Held: unbilled, or billed before it was held (closed without its Stop, billed, then held
      // by the late Stop, which leaves that bill as it was).
      const late = history.filter((a) => a.action === 'completeLate').at(-1)?.summary as
        { cost?: [number | null, number | null] } | undefined;
      if (s.cost !== null && (late?.cost?.[0] !== s.cost || late.cost[1] !== s.cost)) {
        broken.push(
          `${label}: held for review with a bill (${JSON.stringify(late?.cost)}) it did not have before`,
        );
      }
      if (s.cost === null && p) broken.push(`${label}: held for review, unpriced, with a payment line`);
      // While held and untouched, its bill does not move.
      const before = run.money.get(s.id);
      const was = before === undefined ? undefined : (JSON.parse(before) as { audited: number });
      if (was?.audited === history.length && before !== money.get(s.id)) {
        broken.push(`${label}: held for review, yet its bill moved from ${before} to ${money.get(s.id)}`);
      }
    } else if (s.state === 'active' || s.state === 'refused') {
      if (p || s.cost !== null) broken.push(`${label} is billed`);
    } else {
      // completed or failed: settled by readings possible for the connector (as staff corrected
      // them, if they did), unless staff released them.
      const reasons = impossibleReadings(
        { ...s, meterStart: s.correctedMeterStart ?? s.meterStart },
        run.maxPowerW(s),
      );
      const released = history.some((a) => a.action === 'releaseReview');
      if (reasons.length > 0 && !released) {
        broken.push(`${label} settled with impossible readings: ${reasons.join(', ')}`);
      }
      // Whatever the charger's clock said: never more energy billed than the connector's power
      // over the time Voltline witnessed, from the earliest the session can have begun until now.
      const from = run.known.find((k) => k.id === s.id)?.earliest;
      const energy = Math.max(0, (s.meterStop ?? 0) - (s.correctedMeterStart ?? s.meterStart));
      const witnessed = from === undefined ? undefined : Math.max(0, (now - from) / 1000);
      const possible =
        witnessed === undefined
          ? Infinity
          : ((run.maxPowerW(s) ?? DEFAULT_MAX_POWER_W) * witnessed * POWER_MARGIN) / 3600 +
            ENERGY_ALLOWANCE_WH;
      if (s.cost !== null && !released && energy > possible) {
        broken.push(`${label} billed ${energy} Wh, more than ${Math.floor(possible)} in the time witnessed`);
      }
      if (!tariff) {
        if (p || s.cost !== null) broken.push(`${label} billed without a tariff`);
      } else {
        const cost = sessionCost(tariff, s.energyWh ?? 0);
        if (s.cost !== cost) broken.push(`${label}: cost ${s.cost}, the tariff says ${cost}`);
        if ((s.cost ?? 0) > 0 && !p) broken.push(`${label} has no payment line`);
        const prepaid =
          s.driverId !== null &&
          tariff.currency === 'TRY' &&
          (tariff.paymentType === 'Prepaid' || run.prepaidDrivers.has(s.driverId));
        if (p && (p.gateway === 'balance') !== prepaid) {
          broken.push(`${label}: paid by ${p.gateway}, prepaid ${String(prepaid)}`);
        }
      }
    }
  }
  run.sessions = sessions;
  run.audited = audits.map((a) => a.action);
  run.withPayment = pays.map((p) => p.sessionId ?? 0);
  run.money = money;
  return broken;
}

// ---------------------------------------------------------------------------------------------

describe('money invariants', () => {
  it(
    'keep balance = ledger, one bill per session and no impossible reading billed, whatever chargers and staff do',
    async () => {
      // What the sequences reached: session states, audited changes, payment lines, refunds.
      const seen = new Map<string, number>();
      const count = (key: string, n = 1) => seen.set(key, (seen.get(key) ?? 0) + n);
      await fc.assert(
        fc.asyncProperty(
          layout,
          fc.array(command, { minLength: 10, maxLength: 35 }),
          // One run in four on chargers registered a moment ago: no offline queue to replay.
          fc.nat({ max: 3 }).map((n) => n === 0),
          async (conns, commands, fresh) => {
            const run = new Run();
            try {
              await run.setUp(conns, fresh);
              for (const [i, c] of commands.entries()) {
                await runCommand(run, c);
                const broken = await check(run);
                if (broken.length > 0) {
                  throw new Error(`after command ${i} ${JSON.stringify(c)}:\n  ${broken.join('\n  ')}`);
                }
              }
            } finally {
              await run.tearDown();
            }
            count('runs');
            count('commands', commands.length);
            count('calls', run.calls);
            count('paid', run.withPayment.length);
            count('refunds', run.refunds);
            for (const s of run.sessions) count(s.state);
            for (const action of run.audited) count(action);
          },
        ),
        { seed: FUZZ_SEED, numRuns: runs(RUNS) },
      );
      console.info(`money invariants, seed ${FUZZ_SEED}: ${JSON.stringify(Object.fromEntries(seen))}`);
    },
    // A busy machine (CI beside other jobs) has taken more than two minutes for the runs.
    timeLimit(300_000),
  );
});

// ---------------------------------------------------------------------------------------------
// Breaks the sequences found, shrunk by hand to their smallest form, each with what must happen.

describe('money invariants: breaks the sequences found', () => {
  /** A run whose connectors all have the prepaid tariff (5.00 a session, 8.50/kWh) and `powerW`. */
  async function prepaidRun(power: (typeof POWERS)[number]) {
    const run = new Run();
    await run.setUp(
      Array.from({ length: CHARGERS * 2 }, () => ({ tariff: 0, power: POWERS.indexOf(power) })),
    );
    return run;
  }
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
  const startOf = async (c: Client, frame: Record<string, unknown>) =>
    ((await c.call('StartTransaction', frame)) as { transactionId: number }).transactionId;
  const sessionOf = async (id: number) =>
    (await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, id)))[0]!;
  const paymentLines = (run: Run) =>
    t.database.db
      .select({ sessionId: payments.sessionId, amount: payments.amount })
      .from(payments)
      .innerJoin(chargingSessions, eq(chargingSessions.id, payments.sessionId))
      .where(eq(chargingSessions.chargePointId, run.chargers[0]!.id));
  const correct = (id: number, meterStart: number, meterStop: number) =>
    t.call('POST', `/api/portal/Transaction/${id}/review`, {
      token: admin,
      body: { action: 'correct', note: 'Read off the charger display', meterStart, meterStop },
    });

  // Staff correcting a held session's meterStart changed the key a resent Start is recognised by
  // (charger, connector, meterStart, startedAt). A charger that sent that Start again after the
  // correction (a restart replaying its queue) got a new transaction, and the one charge was
  // billed twice. The corrected figure is now kept beside the one the charger sent.
  it('bills a charge once when the charger resends its Start after staff corrected the session', async () => {
    const run = await prepaidRun(22_000);
    try {
      const c = run.chargers[0]!.client;
      const start = { connectorId: 1, idTag: run.cards[0], meterStart: 5_000, timestamp: ago(3) };
      const id = await startOf(c, start);
      // The meter seems to go back (it was reset); staff close the session, held for review.
      await c.call('MeterValues', {
        connectorId: 1,
        transactionId: id,
        meterValue: [{ timestamp: ago(2), sampledValue: [{ value: '3000' }] }],
      });
      await t.call('POST', `/api/portal/Transaction/${id}/close`, {
        token: admin,
        body: { reason: 'Offline' },
      });
      expect((await sessionOf(id)).reviewReasons).toEqual(['meterWentBack']);
      expect((await correct(id, 0, 3_000)).status).toBe(200);

      const again = await startOf(c, start);
      await c.call('StopTransaction', { transactionId: again, meterStop: 8_000, timestamp: ago(1) });
      expect(await paymentLines(run)).toEqual([{ sessionId: id, amount: 500 + 2_550 }]);
      expect(again).toBe(id);
    } finally {
      await run.tearDown();
    }
  });

  // The same key made a correction fail: the corrected (connector, meterStart, startedAt) was
  // another session's, the update broke charging_sessions_resend_uq, and staff got a 500.
  it("corrects a held session to the meterStart its connector's next session started with", async () => {
    const run = await prepaidRun(22_000);
    try {
      const c = run.chargers[0]!.client;
      const timestamp = ago(3);
      const broken = await startOf(c, {
        connectorId: 1,
        idTag: run.cards[0],
        meterStart: -1_500,
        timestamp,
      });
      // The charger restarts with its meter at 0 and starts again at the same second: the first
      // session is superseded, held for its negative meter.
      await startOf(c, { connectorId: 1, idTag: run.cards[2], meterStart: 0, timestamp });
      expect((await sessionOf(broken)).state).toBe('review');
      const r = await correct(broken, 0, 0);
      expect(r.body).toMatchObject({ data: { state: 'failed' } });
      expect(r.status).toBe(200);
    } finally {
      await run.tearDown();
    }
  });

  // `correct` billed the figures staff enter without the check the charger's figures get: energy
  // beyond the connector's power in the time was billed (a typo of three zeros cost the driver
  // 1,000 times the charge). Only `release` bills impossible readings, on purpose.
  it('refuses a correction the connector could not have delivered, rather than billing it', async () => {
    const run = await prepaidRun(7_400);
    try {
      const c = run.chargers[0]!.client;
      const id = await startOf(c, {
        connectorId: 1,
        idTag: run.cards[0],
        meterStart: 5_000,
        timestamp: ago(2),
      });
      await c.call('StopTransaction', { transactionId: id, meterStop: 1_000, timestamp: ago(1) });
      expect((await sessionOf(id)).reviewReasons).toEqual(['meterWentBack']);
      // 10 MWh in an hour on a 7.4 kW connector.
      const r = await correct(id, 5_000, 10_005_000);
      expect(await paymentLines(run)).toEqual([]);
      expect(r.status).toBe(400);
    } finally {
      await run.tearDown();
    }
  });
});
