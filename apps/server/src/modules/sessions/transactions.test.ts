import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ocpp201 } from '@voltline/contract';
import {
  chargingSessions,
  connectors,
  meterValues,
  payments,
  rfidCards,
  tariffs,
} from '../../db/schema/index.js';
import { findForOcpp, type OcppChargePoint } from '../charge-points/charge-points.repository.js';
import { decodeEvent, toEvent, toResponse } from '../../ocpp/v201/transactions.js';
import { SessionTransactions } from './sessions.transactions.js';
import { closeStaleSessions } from './stale.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';

// OCPP 2.0.1 transactions (Part 2, E01–E12) as the central system sees them: events in, the
// session they fold into out, through the same billing as a 1.6 session.

type Req = Ocpp201.TransactionEventRequest;
let t: TestApp;
let cp: OcppChargePoint;
let txs: SessionTransactions;
const HOUR = 3_600_000;
// The charger reconnected now after three hours offline: what it sends is a replayed queue.
const link = () => ({ connectedAt: new Date(), offlineSince: new Date(Date.now() - 3 * HOUR) });
let shift = 0;

beforeAll(async () => {
  t = await createTestApp();
  await registerChargePoint(t, 'TX201', 'tx201-charger-secret');
  const found = await findForOcpp(t.database.db, 'TX201');
  if (!found) throw new Error('no charger');
  cp = found;
  const [tariff] = await t.database.db
    .insert(tariffs)
    .values({
      operatorId: cp.operatorId,
      name: 'TX201 postpaid',
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 1_100,
    })
    .returning({ id: tariffs.id });
  await t.database.db
    .update(connectors)
    .set({ tariffId: tariff!.id })
    .where(eq(connectors.chargePointId, cp.id));
  await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'DEMO0004'));
  txs = new SessionTransactions(t.database.db);
});
afterAll(() => t.close());

const send = async (req: Req) =>
  toResponse(await txs.event(cp, toEvent(req), req, decodeEvent, link()), 'en');
const energy = (wh: number, context?: 'Transaction.Begin' | 'Transaction.End') => ({
  value: wh / 1000,
  unitOfMeasure: { unit: 'kWh' },
  ...(context ? { context } : {}),
});

/** A transaction of three events (Started, Updated, Ended), 1000 → 6000 Wh, each start its own minute. */
function threeEvents(
  id: string,
  opts: {
    token?: string;
    free?: boolean;
    evse?: number;
    reason?: Req['transactionInfo']['stoppedReason'];
  } = {},
) {
  const t0 = Date.now() - 2 * HOUR + (shift += 60_000);
  const at = (m: number) => new Date(t0 + m * 60_000).toISOString();
  const idToken = opts.free
    ? { idToken: '', type: 'NoAuthorization' as const }
    : opts.token
      ? { idToken: opts.token, type: 'ISO14443' as const }
      : undefined;
  const started: Req = {
    eventType: 'Started',
    timestamp: at(0),
    triggerReason: idToken ? 'Authorized' : 'CablePluggedIn',
    seqNo: 0,
    transactionInfo: { transactionId: id },
    evse: { id: opts.evse ?? 1, connectorId: 1 },
    meterValue: [{ timestamp: at(0), sampledValue: [energy(1000, 'Transaction.Begin')] }],
    ...(idToken ? { idToken } : {}),
  };
  const updated: Req = {
    eventType: 'Updated',
    timestamp: at(20),
    triggerReason: 'MeterValuePeriodic',
    seqNo: 1,
    transactionInfo: { transactionId: id, chargingState: 'Charging' },
    meterValue: [
      {
        timestamp: at(20),
        sampledValue: [
          { value: 3000 },
          { value: 7, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } },
        ],
      },
    ],
  };
  const ended: Req = {
    eventType: 'Ended',
    timestamp: at(40),
    triggerReason: 'EVDeparted',
    seqNo: 2,
    transactionInfo: { transactionId: id, ...(opts.reason ? { stoppedReason: opts.reason } : {}) },
    meterValue: [{ timestamp: at(40), sampledValue: [energy(6000, 'Transaction.End')] }],
  };
  return [started, updated, ended] as const;
}

const sessionOf = async (id: string) => {
  const [s] = await t.database.db
    .select()
    .from(chargingSessions)
    .where(and(eq(chargingSessions.chargePointId, cp.id), eq(chargingSessions.chargerTransactionId, id)));
  return s!;
};
const paymentsOf = async (sessionId: number) =>
  (await t.database.db.select().from(payments).where(eq(payments.sessionId, sessionId))).length;

describe('E01 start with a card', () => {
  it("runs as the card's active session and is billed at the end exactly as a 1.6 session of the same energy", async () => {
    const [started, updated, ended] = threeEvents('e01', { token: 'DEMO0002' });
    expect((await send(started)).idTokenInfo?.status).toBe('Accepted');
    expect(await sessionOf('e01')).toMatchObject({
      state: 'active',
      idTag: 'DEMO0002',
      connectorId: 1,
      meterStart: 1000,
    });
    expect(await send(updated)).toEqual({});
    expect(await sessionOf('e01')).toMatchObject({ lastMeterWh: 3000, lastPowerW: 7000 });
    const answer = await send(ended);
    const s = await sessionOf('e01');
    expect(s).toMatchObject({ state: 'completed', energyWh: 5000, meterStop: 6000, stopReason: 'Local' });
    expect(answer.totalCost).toBe((s.cost ?? 0) / 100);
    expect(await paymentsOf(s.id)).toBe(1);

    // The same energy and tariff over OCPP 1.6, on connector 2.
    const sessions16 = t.app.services.sessionsOcpp;
    const start16 = await sessions16.startTransaction(
      cp,
      { connectorId: 2, idTag: 'DEMO0003', meterStart: 1000, timestamp: started.timestamp },
      link(),
    );
    await sessions16.stopTransaction(cp, {
      transactionId: start16.transactionId,
      meterStop: 6000,
      timestamp: ended.timestamp,
    });
    const [s16] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, start16.transactionId));
    expect(s16?.state).toBe('completed');
    expect(s.cost).toBeGreaterThan(0);
    expect(s.cost).toBe(s16?.cost);
  });
});

describe('E02 plug-in first, then the token', () => {
  it("waits unbilled for its token, then becomes the card's session and is billed", async () => {
    const [started, updated, ended] = threeEvents('e02');
    expect(await send(started)).toEqual({});
    expect(await sessionOf('e02')).toMatchObject({
      state: 'refused',
      authorization: 'Pending',
      rfidCardId: null,
    });
    const authorized = {
      ...updated,
      triggerReason: 'Authorized' as const,
      idToken: { idToken: 'DEMO0002', type: 'ISO14443' as const },
    };
    expect((await send(authorized)).idTokenInfo?.status).toBe('Accepted');
    expect(await sessionOf('e02')).toMatchObject({
      state: 'active',
      idTag: 'DEMO0002',
      authorization: 'Accepted',
    });
    await send(ended);
    const s = await sessionOf('e02');
    expect(s).toMatchObject({ state: 'completed', energyWh: 5000 });
    expect(await paymentsOf(s.id)).toBe(1);
  });

  it('never bills a transaction whose token never came', async () => {
    for (const e of threeEvents('e02-none')) await send(e);
    const s = await sessionOf('e02-none');
    expect(s).toMatchObject({ state: 'refused', authorization: 'Pending', energyWh: 5000, cost: null });
    expect(await paymentsOf(s.id)).toBe(0);
  });
});

describe('E03 free vend', () => {
  it('accepts a NoAuthorization token as a session with no card, billed by the tariff', async () => {
    const [started, updated, ended] = threeEvents('e03', { free: true });
    expect((await send(started)).idTokenInfo?.status).toBe('Accepted');
    await send(updated);
    await send(ended);
    expect(await sessionOf('e03')).toMatchObject({
      state: 'completed',
      rfidCardId: null,
      driverId: null,
      energyWh: 5000,
    });
  });
});

describe('E05/E06 stop reasons', () => {
  it("keeps the charger's stoppedReason, Local when it gives none", async () => {
    for (const reason of ['EVDisconnected', 'Remote', 'StoppedByEV'] as const) {
      for (const e of threeEvents(`e06-${reason}`, { token: 'DEMO0002', reason })) await send(e);
      expect((await sessionOf(`e06-${reason}`)).stopReason).toBe(reason);
    }
  });
});

describe('E07 token refused', () => {
  it('answers a blocked card Blocked and an unknown one Unknown, and bills neither', async () => {
    const blocked = threeEvents('e07-blocked', { token: 'DEMO0004' });
    expect((await send(blocked[0])).idTokenInfo?.status).toBe('Blocked');
    const unknown = threeEvents('e07-unknown', { token: 'NO-SUCH-CARD' });
    expect((await send(unknown[0])).idTokenInfo?.status).toBe('Unknown');
    for (const e of [...blocked.slice(1), ...unknown.slice(1)]) await send(e);
    for (const id of ['e07-blocked', 'e07-unknown']) {
      const s = await sessionOf(id);
      expect(s).toMatchObject({ state: 'refused', energyWh: 5000, cost: null });
      expect(await paymentsOf(s.id)).toBe(0);
    }
  });
});

describe('E12 offline replay', () => {
  it('gives the same session, energy and cost whatever order and however often the events arrive', async () => {
    const orders = [
      [0, 1, 2],
      [2, 0, 1],
      [2, 1, 0],
      [1, 2, 0],
      [0, 2, 2, 1, 0, 1],
    ];
    const outcomes = [];
    for (const [n, order] of orders.entries()) {
      const events = threeEvents(`e12-${n}`, { token: 'DEMO0002' }).map((e) => ({ ...e, offline: true }));
      for (const i of order) await send(events[i]!);
      const s = await sessionOf(`e12-${n}`);
      outcomes.push({
        state: s.state,
        meterStart: s.meterStart,
        meterStop: s.meterStop,
        energyWh: s.energyWh,
        cost: s.cost,
        idTag: s.idTag,
      });
      expect(await paymentsOf(s.id)).toBe(1);
    }
    expect(outcomes[0]).toMatchObject({ state: 'completed', energyWh: 5000 });
    for (const o of outcomes) expect(o).toEqual(outcomes[0]);
  });

  it('answers a duplicate seqNo as the first time and stores it once', async () => {
    const [started] = threeEvents('e12-dup', { token: 'DEMO0003' });
    const first = await send(started);
    expect(await send(started)).toEqual(first);
    const [n] = await t.database.db
      .execute(sql`SELECT count(*)::int AS n FROM transaction_events WHERE transaction_id = 'e12-dup'`)
      .then((r) => (r as { rows: { n: number }[] }).rows);
    expect(n?.n).toBe(1);
    await send(threeEvents('e12-dup-end')[2]); // another transaction; the card's session keeps running
    expect((await sessionOf('e12-dup')).state).toBe('active');
  });

  it('keeps a session with a gap before its end running until the stale rule closes it; the late event settles it', async () => {
    const [started, updated, ended] = threeEvents('e12-gap', { token: 'DEMO0001', evse: 2 });
    await send(started);
    await send(ended);
    const open = await sessionOf('e12-gap');
    expect(open).toMatchObject({ state: 'active', stoppedAt: null });
    const closed = await closeStaleSessions(t.database.db, 1, new Date(Date.now() + 2 * HOUR));
    expect(closed).toContain(open.id);
    expect(await sessionOf('e12-gap')).toMatchObject({ state: 'failed', stopReason: 'NoStopReceived' });
    await send(updated);
    const s = await sessionOf('e12-gap');
    expect(s).toMatchObject({ state: 'completed', stopReason: 'Local', energyWh: 5000 });
    expect(await paymentsOf(s.id)).toBe(1);
  });
});

describe('E01 transactions on one EVSE', () => {
  it('supersedes the session running on the EVSE when a newer transaction starts there, and stores remoteStartId', async () => {
    const [oldStart] = threeEvents('sup-old', { token: 'DEMO0003', evse: 3 });
    await send(oldStart);
    const [newStart] = threeEvents('sup-new', { free: true, evse: 3 });
    await send({
      ...newStart,
      triggerReason: 'RemoteStart',
      transactionInfo: { transactionId: 'sup-new', remoteStartId: 77 },
    });
    expect(await sessionOf('sup-old')).toMatchObject({ state: 'failed', stopReason: 'Superseded' });
    expect(await sessionOf('sup-new')).toMatchObject({ state: 'active', remoteStartId: 77 });
  });
});

describe('MeterValues outside a transaction', () => {
  it('stores the samples of an EVSE with no session, in Wh', async () => {
    const at = new Date(Date.now() - HOUR);
    await txs.meterValues(
      cp,
      0,
      toEvent({
        ...threeEvents('mv')[0],
        meterValue: [{ timestamp: at.toISOString(), sampledValue: [energy(123_400)] }],
      }).samples,
    );
    const rows = await t.database.db
      .select()
      .from(meterValues)
      .where(
        and(eq(meterValues.chargePointId, cp.id), eq(meterValues.at, at), isNull(meterValues.sessionId)),
      );
    expect(rows).toMatchObject([{ connectorId: 0, numeric: 123_400, unit: 'Wh' }]);
  });
});
