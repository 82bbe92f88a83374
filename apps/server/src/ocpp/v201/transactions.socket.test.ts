import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  chargePoints,
  chargingSessions,
  connectors,
  payments,
  rfidCards,
  tariffs,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot,
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';
import { txEvents, type TxReq } from '../../../test/tx201.js';

// OCPP 2.0.1 transactions (E) and availability (G) over a real socket, the station's client
// validating every frame both ways against the 2.0.1 schemas, checked through the REST API the
// portal reads: a 2.0.1 session looks exactly like a 1.6 one there (same fields, same cost for
// the same energy, duration and tariff).

let t: TestApp;
let url: string;
let admin: string;
const PW = 'tx-socket-secret-201';
const clients: Client[] = [];
let v2: Client;
let v16: Client;
const HOUR = 3_600_000;
// Each transaction gets its own hour, from two days ago: none overlaps another on its EVSE.
let clock = Date.now() - 48 * HOUR;
const nextHour = () => (clock += HOUR);

type SessionOut = Record<string, unknown> & {
  id: number;
  state: string;
  authorization: string;
  energyWh: number;
  cost: number | null;
  stopReason: string | null;
  idTag: string;
};

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  const cps = [];
  for (const id of ['TXS-201', 'TXS-16']) cps.push(await registerChargePoint(t, id, PW));
  const [tariff] = await t.database.db
    .insert(tariffs)
    .values({
      operatorId: cps[0]!.operatorId,
      name: 'TXS postpaid',
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 1_100,
      fixedPrice: 250,
    })
    .returning({ id: tariffs.id });
  for (const cp of cps)
    await t.database.db
      .update(connectors)
      .set({ tariffId: tariff!.id })
      .where(eq(connectors.chargePointId, cp.id));
  await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'DEMO0004'));
  v2 = await connectClient(url, 'TXS-201', PW, 'ocpp2.0.1');
  v16 = await connectClient(url, 'TXS-16', PW, 'ocpp1.6');
  clients.push(v2, v16);
  expect(await v2.call('BootNotification', boot201)).toMatchObject({ status: 'Accepted' });
  expect(await v16.call('BootNotification', boot)).toMatchObject({ status: 'Accepted' });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

type TxAnswer = { idTokenInfo?: { status: string }; totalCost?: number };
const send = (req: TxReq) => v2.call('TransactionEvent', req) as Promise<TxAnswer>;

/** The session of a 2.0.1 transaction as the portal's API shows it. */
async function apiSession(transactionId: string): Promise<SessionOut> {
  const [row] = await t.database.db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(eq(chargingSessions.chargerTransactionId, transactionId));
  if (!row) throw new Error(`no session of ${transactionId}`);
  return apiSessionById(row.id);
}
async function apiSessionById(id: number): Promise<SessionOut> {
  const r = await t.call<{ data: SessionOut }>('GET', `/api/portal/Transaction/${id}`, { token: admin });
  expect(r.status).toBe(200);
  return r.body.data;
}
const paymentsOf = async (id: number) =>
  (
    await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.sessionId, id))
  )[0]!.n;

/** The same energy and duration over OCPP 1.6, on the 1.6 charger with the same tariff. */
async function session16(idTag: string, start: number, minutes = 40, meterStart = 1000, meterStop = 6000) {
  const started = (await v16.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart,
    timestamp: new Date(start).toISOString(),
  })) as { transactionId: number };
  await v16.call('StopTransaction', {
    transactionId: started.transactionId,
    meterStop,
    timestamp: new Date(start + minutes * 60_000).toISOString(),
    reason: 'Local',
  });
  return apiSessionById(started.transactionId);
}

describe('OCPP 2.0.1 transactions over a socket (E)', () => {
  it('E01 a card-first session is billed once, and looks to the API exactly like a 1.6 session of the same energy', async () => {
    const start = nextHour();
    const [started, updated, ended] = txEvents('E01', start, { token: 'DEMO0002' });
    expect((await send(started)).idTokenInfo?.status).toBe('Accepted');
    expect((await apiSession('E01')).state).toBe('active');
    expect(await send(updated)).toEqual({});
    const answer = await send(ended);
    const s = await apiSession('E01');
    expect(s).toMatchObject({ state: 'completed', idTag: 'DEMO0002', energyWh: 5000, stopReason: 'Local' });
    expect(s.cost).toBeGreaterThan(0);
    expect(answer.totalCost).toBe(s.cost! / 100);
    expect(await paymentsOf(s.id)).toBe(1);

    const s16 = await session16('DEMO0003', start);
    expect(Object.keys(s).sort()).toEqual(Object.keys(s16).sort());
    expect(s16).toMatchObject({ state: 'completed', energyWh: 5000, cost: s.cost });
  });

  it("E02 a plug-in-first transaction waits unbilled, then is the card's session once the token comes on Updated", async () => {
    const [started, updated, ended] = txEvents('E02', nextHour());
    expect(await send(started)).toEqual({});
    expect(await apiSession('E02')).toMatchObject({ state: 'refused', authorization: 'Pending', cost: null });
    const authorized: TxReq = {
      ...updated,
      triggerReason: 'Authorized',
      idToken: { idToken: 'DEMO0002', type: 'ISO14443' },
    };
    expect((await send(authorized)).idTokenInfo?.status).toBe('Accepted');
    expect(await apiSession('E02')).toMatchObject({
      state: 'active',
      idTag: 'DEMO0002',
      authorization: 'Accepted',
    });
    await send(ended);
    const s = await apiSession('E02');
    expect(s).toMatchObject({ state: 'completed', energyWh: 5000 });
    expect(await paymentsOf(s.id)).toBe(1);
  });

  it('E03 a free vend with a NoAuthorization token is accepted and runs with no card', async () => {
    const [started, updated, ended] = txEvents('E03', nextHour(), { token: 'free' });
    expect((await send(started)).idTokenInfo?.status).toBe('Accepted');
    await send(updated);
    await send(ended);
    expect(await apiSession('E03')).toMatchObject({ state: 'completed', energyWh: 5000 });
  });

  it('E05/E06 the stop reason the station gives is stored and shown', async () => {
    for (const reason of ['EVDisconnected', 'Remote', 'StoppedByEV', 'DeAuthorized'] as const) {
      const id = `E06-${reason}`;
      for (const e of txEvents(id, nextHour(), { token: 'DEMO0002', reason })) await send(e);
      expect((await apiSession(id)).stopReason).toBe(reason);
    }
  });

  it('E07 a refused card hears Blocked or Unknown in idTokenInfo, and its session is never billed', async () => {
    const blocked = txEvents('E07-blocked', nextHour(), { token: 'DEMO0004' });
    expect((await send(blocked[0])).idTokenInfo?.status).toBe('Blocked');
    const unknown = txEvents('E07-unknown', nextHour(), { token: 'NO-SUCH-CARD-7' });
    expect((await send(unknown[0])).idTokenInfo?.status).toBe('Unknown');
    for (const e of [...blocked.slice(1), ...unknown.slice(1)])
      expect((await send(e)).totalCost).toBeUndefined();
    for (const id of ['E07-blocked', 'E07-unknown']) {
      const s = await apiSession(id);
      expect(s).toMatchObject({ state: 'refused', cost: null, energyWh: 5000 });
      expect(await paymentsOf(s.id)).toBe(0);
    }
  });

  it('E12 offline events replayed out of order and twice give the same session and cost as sent live', async () => {
    const live = txEvents('E12-live', nextHour(), { token: 'DEMO0002' });
    for (const e of live) await send(e);
    const replayed = txEvents('E12-replay', nextHour(), { token: 'DEMO0002', offline: true });
    for (const i of [2, 0, 2, 1, 0]) await send(replayed[i]!);
    const a = await apiSession('E12-live');
    const b = await apiSession('E12-replay');
    const figures = (s: SessionOut) => ({
      state: s.state,
      energyWh: s.energyWh,
      cost: s.cost,
      idTag: s.idTag,
      stopReason: s.stopReason,
    });
    expect(figures(b)).toEqual(figures(a));
    expect(await paymentsOf(b.id)).toBe(1);
  });
});

describe('OCPP 2.0.1 connector state from transactions (G)', () => {
  it('G01 the EVSE goes Preparing → Charging → Finishing → Available as the chargingState says', async () => {
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'TXS-201'));
    const status = async () => {
      const r = await t.call<{ data: { connectors: { connectorId: number; status: string }[] } }>(
        'GET',
        `/api/portal/ChargePoint/${cp!.id}`,
        { token: admin },
      );
      return r.body.data.connectors.find((c) => c.connectorId === 2)?.status;
    };
    const dbStatus = async () =>
      (
        await t.database.db
          .select({ status: connectors.status })
          .from(connectors)
          .where(and(eq(connectors.chargePointId, cp!.id), eq(connectors.connectorId, 2)))
      )[0]?.status;
    let now = Date.now() - 60_000;
    const at = () => new Date((now += 1_000)).toISOString();
    const plug = (connectorStatus: string) =>
      v2.call('StatusNotification', { timestamp: at(), connectorStatus, evseId: 2, connectorId: 1 });
    const evse = { id: 2, connectorId: 1 };
    const event = (
      eventType: TxReq['eventType'],
      seqNo: number,
      chargingState: 'EVConnected' | 'Charging',
      extra = {},
    ) =>
      send({
        eventType,
        timestamp: at(),
        triggerReason: 'ChargingStateChanged',
        seqNo,
        evse,
        transactionInfo: { transactionId: 'G01', chargingState },
        meterValue: [{ timestamp: at(), sampledValue: [{ value: 100 + seqNo * 1000 }] }],
        ...extra,
      });

    await plug('Occupied');
    await until(async () => (await dbStatus()) === 'Preparing');
    expect(await status()).toBe('Preparing');
    await event('Started', 0, 'EVConnected', { idToken: { idToken: 'DEMO0001', type: 'ISO14443' } });
    expect(await status()).toBe('Preparing');
    await event('Updated', 1, 'Charging');
    await until(async () => (await dbStatus()) === 'Charging');
    expect(await status()).toBe('Charging');
    await event('Ended', 2, 'EVConnected');
    await until(async () => (await dbStatus()) === 'Finishing');
    expect(await status()).toBe('Finishing');
    await plug('Available');
    await until(async () => (await dbStatus()) === 'Available');
    expect(await status()).toBe('Available');
    expect(await apiSession('G01')).toMatchObject({ state: 'completed', energyWh: 2000 });
  });
});
