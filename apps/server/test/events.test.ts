import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { EVENT_DATA, type EventFeedPage, type EventType } from '@voltline/contract';
import {
  chargingSessions,
  connectors,
  drivers,
  integrationEvents,
  operators,
  rfidCards,
  tariffs,
} from '../src/db/schema/index.js';
import { appendEvent } from '../src/modules/events/events.repository.js';
import { createTestApp, type TestApp } from './helper.js';
import { boot, boot201, connectClient, listen, registerChargePoint, until } from './ocpp-helper.js';
import { kwh, txEvents } from './tx201.js';

// The events other systems receive (issue #32): a charge on an OCPP 1.6 charger and the same
// charge on a 2.0.1 station tell the same story; the pull feed returns them in order, page by
// page, only of the operators in the caller's reach; a change rolled back leaves no event.

const PW = 'events-charger-secret';
const HOUR = 3_600_000;
let t: TestApp;
let url: string;
let istanbul: number;
let ankara: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  url = await listen(t);
  const ops = await t.database.db.select().from(operators);
  istanbul = ops.find((o) => o.name === 'Voltline İstanbul')!.id;
  ankara = ops.find((o) => o.name === 'Voltline Ankara')!.id;
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t.close());

async function eventsOf(chargePointDbId: number) {
  return t.database.db
    .select()
    .from(integrationEvents)
    .where(eq(integrationEvents.chargePointId, chargePointDbId))
    .orderBy(asc(integrationEvents.id));
}

/** A charger with a priced connector 1 and a card that may charge there. */
async function pricedCharger(identity: string) {
  const db = t.database.db;
  const cp = await registerChargePoint(t, identity, PW);
  const [tariff] = await db
    .insert(tariffs)
    .values({
      operatorId: istanbul,
      name: `${identity} tariff`,
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 1_000,
    })
    .returning();
  await db
    .update(connectors)
    .set({ tariffId: tariff!.id, maximumPower: null })
    .where(eq(connectors.chargePointId, cp.id));
  // Ankara's drivers pay afterwards (İstanbul's keep a minimum balance), at any charger of the network.
  const [driver] = await db
    .insert(drivers)
    .values({ name: 'Event', surname: identity, operatorId: ankara })
    .returning();
  const card = `EV-${identity}`;
  // A test run again after a failure (the suite retries once) finds its card from the first attempt.
  await db
    .insert(rfidCards)
    .values({ driverId: driver!.id, number: card, expiresAt: new Date(Date.now() + 365 * 24 * HOUR) })
    .onConflictDoNothing();
  return { cp, card };
}

const connectedEvent = (id: number) =>
  until(async () => (await eventsOf(id)).find((e) => e.type === 'charger.connected'));

describe('a simulated charge', () => {
  it('tells the same events on an OCPP 1.6 charger and a 2.0.1 station', async () => {
    const start = Date.now() - 2 * HOUR;
    const at = (m: number) => new Date(start + m * 60_000).toISOString();

    const a = await pricedCharger('EVT-16');
    const v16 = await connectClient(url, 'EVT-16', PW, 'ocpp1.6');
    await connectedEvent(a.cp.id);
    await v16.call('BootNotification', boot);
    await v16.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' });
    const started = (await v16.call('StartTransaction', {
      connectorId: 1,
      idTag: a.card,
      meterStart: 1_000,
      timestamp: at(0),
    })) as { transactionId: number };
    await v16.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' });
    await v16.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [{ timestamp: at(20), sampledValue: [{ value: '3500' }] }],
    });
    // A second reading within the minute tells nothing more.
    await v16.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [{ timestamp: at(21), sampledValue: [{ value: '3600' }] }],
    });
    await v16.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 6_000,
      timestamp: at(40),
      reason: 'Local',
    });
    await v16.close({ force: true });

    const b = await pricedCharger('EVT-201');
    const v201 = await connectClient(url, 'EVT-201', PW, 'ocpp2.0.1');
    await connectedEvent(b.cp.id);
    await v201.call('BootNotification', boot201);
    await v201.call('StatusNotification', {
      timestamp: at(0),
      connectorStatus: 'Available',
      evseId: 1,
      connectorId: 1,
    });
    const [s, u, e] = txEvents('EVT-TX-1', start, { token: b.card, meterStart: 1_000, meterStop: 6_000 });
    await v201.call('TransactionEvent', s);
    await v201.call('TransactionEvent', u);
    await v201.call('TransactionEvent', {
      ...u,
      seqNo: 2,
      meterValue: [{ timestamp: at(21), sampledValue: [kwh(3_600)] }],
    });
    await v201.call('TransactionEvent', { ...e, seqNo: 3 });
    await v201.close({ force: true });

    const disconnected = (id: number) =>
      until(async () => (await eventsOf(id)).find((x) => x.type === 'charger.disconnected'));
    await disconnected(a.cp.id);
    await disconnected(b.cp.id);
    const story = async (id: number) => {
      const all = await eventsOf(id);
      return {
        // Status reports are batched with other chargers' writes: their place among the session's
        // events may differ, so they are compared apart.
        // A 2.0.1 station is also told its running cost (CostUpdated), a command a 1.6 charger
        // has not: commands are compared apart too.
        sequence: all
          .filter((x) => x.type !== 'charger.status_changed' && x.type !== 'command.answered')
          .map((x) => x.type),
        statuses: all.filter((x) => x.type === 'charger.status_changed').map((x) => x.data.status),
        keys: Object.fromEntries(
          all.filter((x) => x.type !== 'command.answered').map((x) => [x.type, Object.keys(x.data).sort()]),
        ),
        all,
      };
    };
    const one = await story(a.cp.id);
    const two = await story(b.cp.id);
    expect(one.sequence).toEqual([
      'charger.connected',
      'charger.booted',
      'session.started',
      'session.updated',
      'session.stopped',
      'session.billed',
      'payment.captured',
      'charger.disconnected',
    ]);
    expect(two.sequence).toEqual(one.sequence);
    expect(two.keys).toEqual(one.keys);
    expect(one.statuses).toEqual(['Available', 'Charging']);
    expect(two.statuses).toEqual(one.statuses);
    // Every event's data is its type's documented shape, and tells the charger by its identity.
    for (const x of [...one.all, ...two.all]) {
      expect(EVENT_DATA[x.type as EventType].safeParse(x.data).success, x.type).toBe(true);
      if ('chargePointId' in x.data) expect(['EVT-16', 'EVT-201']).toContain(x.data.chargePointId);
    }
    // What Voltline asks only of a 2.0.1 station: its device model after its boot, its running cost.
    const commands = (xs: typeof one.all) =>
      xs.filter((x) => x.type === 'command.answered').map((x) => String(x.data.command));
    expect(commands(one.all)).toEqual([]);
    expect(commands(two.all).filter((c) => !['GetBaseReport', 'CostUpdated'].includes(c))).toEqual([]);
    const billed = (xs: typeof one.all) => xs.find((x) => x.type === 'session.billed')!.data;
    expect(billed(one.all)).toMatchObject({ energyWh: 5_000, amount: 5_000, chargePointId: 'EVT-16' });
    expect(billed(two.all)).toMatchObject({
      energyWh: 5_000,
      amount: 5_000,
      chargePointId: 'EVT-201',
      transactionId: 'EVT-TX-1',
    });
    const stopped = one.all.find((x) => x.type === 'session.stopped')!;
    expect(stopped.data).toMatchObject({
      transactionId: String(started.transactionId),
      connectorId: 1,
      meterStartWh: 1_000,
      meterStopWh: 6_000,
      energyWh: 5_000,
      idTag: a.card,
    });
    expect(one.all.find((x) => x.type === 'session.updated')!.data).toMatchObject({ meterWh: 3_500 });

    // A refund of part of the charge is told with the payment's refunds so far.
    const sessionId = Number(stopped.data.sessionId);
    const refund = await t.call('POST', `/api/Payment/refund?pgTranId=VL-SES-${sessionId}&amount=1200`, {
      token: admin,
      headers: { 'idempotency-key': 'events-refund-1' },
    });
    expect(refund.status).toBe(200);
    const refunded = await t.database.db
      .select()
      .from(integrationEvents)
      .where(and(eq(integrationEvents.type, 'payment.refunded'), eq(integrationEvents.operatorId, istanbul)));
    expect(refunded.map((x) => x.data)).toContainEqual(
      expect.objectContaining({ sessionId, amount: 1_200, refundedTotal: 1_200, currency: 'TRY' }),
    );
  });

  it('tells a status report that repeats the status nothing, and a fault once', async () => {
    const { cp } = await pricedCharger('EVT-FAULT');
    const v16 = await connectClient(url, 'EVT-FAULT', PW, 'ocpp1.6');
    const report = (status: string, errorCode = 'NoError') =>
      v16.call('StatusNotification', { connectorId: 2, errorCode, status });
    await report('Available');
    await report('Available');
    await report('Faulted', 'GroundFailure');
    await report('Faulted', 'GroundFailure');
    await report('Available');
    await v16.close({ force: true });
    const events = (await eventsOf(cp.id)).filter(
      (x) => x.type.startsWith('charger.') && x.data.connectorId === 2,
    );
    expect(events.map((x) => [x.type, x.data.status, x.data.errorCode])).toEqual([
      ['charger.status_changed', 'Available', 'NoError'],
      ['charger.status_changed', 'Faulted', 'GroundFailure'],
      ['charger.faulted', 'Faulted', 'GroundFailure'],
      ['charger.status_changed', 'Available', 'NoError'],
    ]);
  });
});

describe('the event feed', () => {
  const feed = (token: string, query: string) =>
    t.call<EventFeedPage>('GET', `/api/events${query}`, { token });

  it('returns every event in id order, page by page, each once', async () => {
    const db = t.database.db;
    const ids = await db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 7; i++) {
        out.push(
          await appendEvent(tx, {
            operatorId: istanbul,
            type: 'payment.refunded',
            subject: `page-${i}`,
            data: { i },
          }),
        );
      }
      return out;
    });
    // The feed shows a transaction's events once every transaction older than it has ended, in
    // the whole database cluster: on a PostgreSQL server other test files share, that may be a
    // moment after the commit.
    await until(async () => {
      const first = await feed(admin, `?after=${ids[0]! - 1}&limit=1&type=payment.refunded`);
      return first.body.events.length > 0;
    }, 30_000);
    const seen: string[] = [];
    let after = String(ids[0]! - 1);
    for (;;) {
      const r = await feed(admin, `?after=${after}&limit=3&type=payment.refunded`);
      expect(r.status).toBe(200);
      if (r.body.events.length === 0) {
        expect(r.body.next).toBe(after);
        break;
      }
      expect(r.body.events.length).toBeLessThanOrEqual(3);
      seen.push(...r.body.events.map((e) => e.id));
      after = r.body.next!;
    }
    expect(seen).toEqual(ids.map(String));
    const one = await feed(admin, `?after=${ids[3]! - 1}&limit=1&type=payment.refunded`);
    expect(one.body.events[0]).toMatchObject({
      id: String(ids[3]),
      type: 'payment.refunded',
      version: 1,
      operatorId: istanbul,
      data: { i: 3 },
    });
  });

  it('filters by type and refuses an unknown type or a cursor that is no id, in words', async () => {
    const r = await feed(admin, '?type=charger.booted,session.billed&limit=500');
    expect(r.status).toBe(200);
    expect(r.body.events.length).toBeGreaterThan(0);
    expect(new Set(r.body.events.map((e) => e.type))).toEqual(new Set(['charger.booted', 'session.billed']));
    const bad = await feed(admin, '?type=session.exploded');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Unknown event type');
    const tr = await t.call('GET', '/api/events?after=abc', {
      token: admin,
      headers: { 'accept-language': 'tr' },
    });
    expect(tr.status).toBe(400);
    expect(JSON.stringify(tr.body)).toContain('İmleç');
    expect((await feed(admin, '?limit=501')).status).toBe(400);
  });

  it("never shows an operator's user a sibling operator's events", async () => {
    const marker = 'tenant-probe';
    const [mine, theirs] = await t.database.db.transaction(async (tx) => [
      await appendEvent(tx, {
        operatorId: istanbul,
        type: 'booking.created',
        subject: marker,
        data: { mine: true },
      }),
      await appendEvent(tx, {
        operatorId: ankara,
        type: 'booking.created',
        subject: marker,
        data: { mine: false },
      }),
    ]);
    const main = await t.login('istanbul@voltline.local');
    const r = await feed(main, `?after=${Math.min(mine, theirs) - 1}&limit=500`);
    expect(r.status).toBe(200);
    const ids = r.body.events.map((e) => e.id);
    expect(ids).toContain(String(mine));
    expect(ids).not.toContain(String(theirs));
    expect(r.body.events.every((e) => e.operatorId !== ankara)).toBe(true);
    const all = await feed(admin, `?after=${Math.min(mine, theirs) - 1}&limit=500`);
    expect(all.body.events.map((e) => e.id)).toContain(String(theirs));
  });

  it('refuses a user without the integrations permission', async () => {
    const finance = await t.login('finance@voltline.local');
    expect((await feed(finance, '')).status).toBe(403);
  });
});

describe('events and their changes', () => {
  it('leaves no event of a change that was rolled back', async () => {
    const db = t.database.db;
    const { cp, card } = await pricedCharger('EVT-ROLLBACK');
    const before = await eventsOf(cp.id);
    await expect(
      db.transaction(async (tx) => {
        await appendEvent(tx, {
          operatorId: istanbul,
          type: 'session.started',
          chargePointId: cp.id,
          data: { idTag: card },
        });
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventsOf(cp.id)).toEqual(before);
  });

  it('tells no session.started of a refused start', async () => {
    const { cp } = await pricedCharger('EVT-REFUSED');
    const v16 = await connectClient(url, 'EVT-REFUSED', PW, 'ocpp1.6');
    const r = (await v16.call('StartTransaction', {
      connectorId: 1,
      idTag: 'NO-SUCH-CARD',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    await v16.close({ force: true });
    expect(r.idTagInfo.status).toBe('Invalid');
    const [session] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(and(eq(chargingSessions.chargePointId, cp.id), inArray(chargingSessions.id, [r.transactionId])));
    expect(session?.state).toBe('refused');
    expect((await eventsOf(cp.id)).filter((x) => x.type.startsWith('session.'))).toEqual([]);
  });
});
