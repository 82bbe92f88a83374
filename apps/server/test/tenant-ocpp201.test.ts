import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chargingSessions, drivers, operators, rfidCards } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { boot, boot201, connectClient, listen, registerChargePoint, type Client } from './ocpp-helper.js';
import { txEvents } from './tx201.js';

// Tenancy seen from OCPP 2.0.1 stations: a station names its own transactions, so two stations,
// of one operator or of siblings, may name theirs alike; neither may touch the other's session.
// And a 2.0.1 station asking for a card of a sibling operator hears what a 1.6 charger hears.

let t: TestApp;
let url: string;
const PW = 'tenant-201-secret-1';
const clients: Client[] = [];
const HOUR = 3_600_000;
let siblingCard: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  const db = t.database.db;
  await registerChargePoint(t, 'IST-201', PW);
  await registerChargePoint(t, 'IST-201-B', PW);
  await registerChargePoint(t, 'IST-16', PW);
  await registerChargePoint(t, 'ANK-201', PW, 'Voltline Ankara');
  const [ankara] = await db.select().from(operators).where(eq(operators.name, 'Voltline Ankara'));
  const [card] = await db
    .select({ number: rfidCards.number })
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .where(and(eq(drivers.operatorId, ankara!.id), eq(rfidCards.status, 'active')));
  siblingCard = card!.number;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

async function station(id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1' = 'ocpp2.0.1') {
  const c = await connectClient(url, id, PW, protocol);
  clients.push(c);
  await c.call('BootNotification', protocol === 'ocpp1.6' ? boot : boot201);
  return c;
}

const sessionsNamed = (transactionId: string) =>
  t.database.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.chargerTransactionId, transactionId))
    .orderBy(chargingSessions.id);

/** 2.0.1 names a card nobody issued Unknown; 1.6, which has no such status, Invalid. */
const as16 = (status: string | undefined) => (status === 'Unknown' ? 'Invalid' : status);

describe('the tenant matrix of OCPP 2.0.1 transactions', () => {
  it("E01 a TransactionEvent naming another station's transaction id never touches that session", async () => {
    const ist = await station('IST-201');
    const sameOperator = await station('IST-201-B');
    const sibling = await station('ANK-201');
    const start = Date.now() - 5 * HOUR;
    const [started] = txEvents('SHARED-1', start, { token: 'DEMO0001' });
    expect(await ist.call('TransactionEvent', started)).toMatchObject({
      idTokenInfo: { status: 'Accepted' },
    });
    const [before] = await sessionsNamed('SHARED-1');
    expect(before).toMatchObject({ state: 'active', idTag: 'DEMO0001', meterStart: 1000 });

    // The same transaction id from a station of the same operator and one of a sibling, each
    // ending it with other figures, other tokens and sequence numbers the first station used.
    for (const [c, token] of [
      [sameOperator, 'DEMO0002'],
      [sibling, siblingCard],
    ] as const) {
      const events = txEvents('SHARED-1', start + HOUR, { token, meterStart: 50_000, meterStop: 90_000 });
      for (const e of [events[2], events[1], events[0]]) await c.call('TransactionEvent', e);
    }
    const after = await sessionsNamed('SHARED-1');
    expect(after).toHaveLength(3);
    expect(after[0]).toEqual(before);
    const own = after.slice(1).map((s) => [s.chargePointId, s.operatorId, s.meterStart, s.meterStop]);
    expect(new Set(own.map((o) => o[0])).size).toBe(2);
    expect(own.every((o) => o[2] === 50_000 && o[3] === 90_000)).toBe(true);
    expect(after.slice(1).every((s) => s.chargePointId !== before!.chargePointId)).toBe(true);

    // A 1.6 session's number, named as a 2.0.1 transaction id by a sibling's station, is not it.
    const v16 = await station('IST-16', 'ocpp1.6');
    const started16 = (await v16.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DEMO0002',
      meterStart: 100,
      timestamp: new Date(start).toISOString(),
    })) as { transactionId: number };
    const [row16] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, started16.transactionId));
    for (const e of txEvents(String(started16.transactionId), start + 2 * HOUR, { meterStop: 99_000 }))
      await sibling.call('TransactionEvent', e);
    const [still16] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, started16.transactionId));
    expect(still16).toEqual(row16);
  });

  it('C01 a 2.0.1 station asking for a card of a sibling operator hears what a 1.6 charger hears', async () => {
    const v2 = clients.find((c) => c.identity === 'IST-201') ?? (await station('IST-201'));
    const v16 = clients.find((c) => c.identity === 'IST-16') ?? (await station('IST-16', 'ocpp1.6'));
    let minute = 0;
    for (const card of [siblingCard, 'DEMO0001', 'NO-SUCH-CARD-42']) {
      const a16 = (await v16.call('Authorize', { idTag: card })) as { idTagInfo: { status: string } };
      const a201 = (await v2.call('Authorize', { idToken: { idToken: card, type: 'ISO14443' } })) as {
        idTokenInfo: { status: string };
      };
      expect([card, as16(a201.idTokenInfo.status)]).toEqual([card, a16.idTagInfo.status]);

      // Starting with it: the 2.0.1 answer and the session's state are those of 1.6.
      const at = Date.now() - 3 * HOUR + (minute += 10) * 60_000;
      const s16 = (await v16.call('StartTransaction', {
        connectorId: 2,
        idTag: card,
        meterStart: 0,
        timestamp: new Date(at).toISOString(),
      })) as { transactionId: number; idTagInfo: { status: string } };
      await v16.call('StopTransaction', {
        transactionId: s16.transactionId,
        meterStop: 10,
        timestamp: new Date(at + 60_000).toISOString(),
      });
      const [started, updated, ended] = txEvents(`C01-${card}`, at, {
        token: card,
        evse: 2,
        meterStart: 0,
        meterStop: 10,
        minutes: 1,
      });
      const answer = (await v2.call('TransactionEvent', started)) as { idTokenInfo?: { status: string } };
      await v2.call('TransactionEvent', updated);
      await v2.call('TransactionEvent', ended);
      expect([card, as16(answer.idTokenInfo?.status)]).toEqual([card, s16.idTagInfo.status]);
      const [row16] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.id, s16.transactionId));
      const [row201] = await sessionsNamed(`C01-${card}`);
      // Both sessions keep Voltline's own verdict (Unknown for a card nobody issued), whatever
      // word the station was told, so the portal words the refusal alike.
      expect([card, row201!.state, row201!.authorization]).toEqual([
        card,
        row16!.state,
        row16!.authorization,
      ]);
    }
  });
});
