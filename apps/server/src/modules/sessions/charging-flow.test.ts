/* eslint-disable @typescript-eslint/require-await -- the test chargers' handlers are typed to return promises */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { and, eq, sql } from 'drizzle-orm';
import { auditLogs, chargingSessions, ocppMessages, payments, rfidCards } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';

// Real chargers send several CALLs at once, keep charging after a refused start, lose their
// StopTransaction and resend after reconnecting. These tests drive the OCPP endpoint the way they
// do and check what the API then shows.

let t: TestApp;
let url: string;
let admin: string;
let finance: string;
const PW = 'flow-charger-secret1';
const chargers: Client[] = [];

type SessionOut = {
  id: number;
  state: string;
  authorization: string;
  unauthorized: boolean;
  energyWh: number;
  cost: number | null;
  stopReason: string | null;
  closeNote: string | null;
};

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  finance = await t.login('finance@voltline.local');
  for (const id of ['FLOW-A', 'FLOW-B', 'FLOW-C', 'FLOW-D']) await registerChargePoint(t, id, PW);
});
afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close({ force: true })));
  await t.close();
});

async function charger(id: string, password = PW) {
  const c = await connectClient(url, id, password);
  chargers.push(c);
  return c;
}

// The chargers' clock runs from a day ago, five minutes a message: each Start has its own time (no
// two are taken for a resend of each other), and the energy of each session is possible in its time.
let clock = Date.now() - 86_400_000;
const nextTime = () => new Date((clock += 300_000)).toISOString();

type StartAnswer = { transactionId: number; idTagInfo: { status: string } };
const start = (c: Client, idTag: string, connectorId = 1, meterStart = 0) =>
  c.call('StartTransaction', {
    connectorId,
    idTag,
    meterStart,
    timestamp: nextTime(),
  }) as Promise<StartAnswer>;
const stop = (c: Client, transactionId: number, meterStop: number) =>
  c.call('StopTransaction', { transactionId, meterStop, timestamp: nextTime(), reason: 'Local' });
const meter = (c: Client, transactionId: number, wh: number, connectorId = 1) =>
  c.call('MeterValues', {
    connectorId,
    transactionId,
    meterValue: [{ timestamp: nextTime(), sampledValue: [{ value: String(wh) }] }],
  });
const session = async (id: number) =>
  (await t.call<{ data: SessionOut }>('GET', `/api/portal/Transaction/${id}`, { token: admin })).body.data;

describe('a start Voltline refuses', () => {
  it('is kept as refused with its reason, records the energy of a charger that charges anyway, and bills nothing', async () => {
    const a = await charger('FLOW-A');
    const b = await charger('FLOW-B');
    const running = await start(a, 'DEMO0002', 1, 1000);
    expect(running.idTagInfo.status).toBe('Accepted');

    // The same card at another charger: refused, but this charger ignores it (StopTransactionOnInvalidId false).
    const second = await start(b, 'DEMO0002', 1, 5000);
    expect(second.idTagInfo.status).toBe('ConcurrentTx');
    expect(await meter(b, second.transactionId, 7000)).toEqual({});
    expect(await stop(b, second.transactionId, 9000)).toEqual({});

    const refused = await session(second.transactionId);
    expect(refused).toMatchObject({
      state: 'refused',
      authorization: 'ConcurrentTx',
      unauthorized: true,
      energyWh: 4000,
      cost: null,
    });
    const [paid] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.sessionId, second.transactionId));
    expect(paid?.n).toBe(0);

    // The refused session never blocked the card's running session, and the card frees up when it ends.
    expect((await session(running.transactionId)).state).toBe('active');
    await stop(a, running.transactionId, 3000);
    expect((await start(b, 'DEMO0002', 2, 9000)).idTagInfo.status).toBe('Accepted');
  });

  it('lists refused sessions under their own state, never among the running ones', async () => {
    const list = (body: Record<string, unknown>) =>
      t.call<{ data: { items: SessionOut[] } }>(
        'POST',
        '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=50',
        {
          token: admin,
          body,
        },
      );
    const refused = (await list({ state: 'refused' })).body.data.items;
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((s) => s.state === 'refused')).toBe(true);
    const active = (await list({ active: true })).body.data.items;
    expect(active.every((s) => s.state === 'active' && s.authorization === 'Accepted')).toBe(true);
  });

  it('answers a blocked card with Blocked, and a resent Start with the same refusal', async () => {
    const c = await charger('FLOW-C');
    await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'DEMO0004'));
    const req = { connectorId: 1, idTag: 'DEMO0004', meterStart: 100, timestamp: nextTime() };
    const first = (await c.call('StartTransaction', req)) as StartAnswer;
    const again = (await c.call('StartTransaction', req)) as StartAnswer;
    expect(first.idTagInfo.status).toBe('Blocked');
    expect(again).toEqual(first);
    expect((await session(first.transactionId)).state).toBe('refused');
    await stop(c, first.transactionId, 100);
    await t.database.db.update(rfidCards).set({ status: 'active' }).where(eq(rfidCards.number, 'DEMO0004'));
  });
});

describe('connectors no charger has', () => {
  it('answers PropertyConstraintViolation and stores nothing', async () => {
    const c = chargers[2]!;
    await expect(
      c.call('StatusNotification', { connectorId: -1, status: 'Available', errorCode: 'NoError' }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    await expect(
      c.call('StartTransaction', {
        connectorId: 2147483647,
        idTag: 'NOBODY',
        meterStart: 0,
        timestamp: nextTime(),
      }),
    ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    const [stored] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chargingSessions)
      .where(eq(chargingSessions.connectorId, 2147483647));
    expect(stored?.n).toBe(0);
  });
});

describe('Authorize', () => {
  it('answers for the card only, never ConcurrentTx, even while the card is charging', async () => {
    const a = chargers[0]!;
    const running = await start(a, 'DEMO0003', 2, 0);
    expect(running.idTagInfo.status).toBe('Accepted');
    expect(await a.call('Authorize', { idTag: 'DEMO0003' })).toMatchObject({
      idTagInfo: { status: 'Accepted' },
    });
    expect(await a.call('Authorize', { idTag: 'NO-SUCH-CARD' })).toEqual({
      idTagInfo: { status: 'Invalid' },
    });
    await stop(a, running.transactionId, 10);
  });
});

describe('one card, one accepted session', () => {
  it('accepts exactly one of two chargers starting the same card at the same moment, every time', async () => {
    const [a, b] = [chargers[0]!, chargers[1]!];
    for (let round = 0; round < 15; round++) {
      const answers = await Promise.all([start(a, 'DEMO0001', 1, round), start(b, 'DEMO0001', 1, round)]);
      const statuses = answers.map((x) => x.idTagInfo.status).sort();
      expect(statuses).toEqual(['Accepted', 'ConcurrentTx']);
      const [active] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(chargingSessions)
        .innerJoin(rfidCards, eq(rfidCards.id, chargingSessions.rfidCardId))
        .where(and(eq(rfidCards.number, 'DEMO0001'), eq(chargingSessions.state, 'active')));
      expect(active?.n).toBe(1);
      await Promise.all([
        stop(a, answers[0].transactionId, round + 1),
        stop(b, answers[1].transactionId, round + 1),
      ]);
    }
  });
});

describe('closing a stuck session', () => {
  it('bills it at its last reading, audits it, and lets a late StopTransaction settle it once', async () => {
    const c = chargers[2]!;
    const s = await start(c, 'DEMO0004', 2, 0);
    await meter(c, s.transactionId, 2500, 2);
    const reason = 'Charger lost its modem; customer confirmed the car left';

    const forbidden = await t.call('POST', `/api/portal/Transaction/${s.transactionId}/close`, {
      token: finance,
      body: { reason },
    });
    expect(forbidden.status).toBe(403);
    const short = await t.call<{ details: { field: string }[] }>(
      'POST',
      `/api/portal/Transaction/${s.transactionId}/close`,
      { token: admin, body: { reason: 'x' } },
    );
    expect(short.status).toBe(400);
    expect(short.body.details[0]?.field).toContain('reason');

    const closed = await t.call<{ data: SessionOut; message: string }>(
      'POST',
      `/api/portal/Transaction/${s.transactionId}/close`,
      { token: admin, body: { reason } },
    );
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Session closed and billed at its last meter reading.');
    expect(closed.body.data).toMatchObject({
      state: 'failed',
      stopReason: 'ClosedByOperator',
      closeNote: reason,
      energyWh: 2500,
    });
    const [line] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'session'), eq(auditLogs.action, 'close')));
    expect(line?.summary).toMatchObject({ reason, energyWh: 2500 });

    const again = await t.call<{ error: string }>(
      'POST',
      `/api/portal/Transaction/${s.transactionId}/close`,
      {
        token: admin,
        body: { reason },
      },
    );
    expect(again.status).toBe(409);

    // The charger comes back with its queued Stop: its figures win, once.
    await stop(c, s.transactionId, 4000);
    await stop(c, s.transactionId, 4000);
    expect(await session(s.transactionId)).toMatchObject({ state: 'completed', energyWh: 4000 });
    const [late] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'session'), eq(auditLogs.action, 'completeLate')));
    expect(late?.n).toBe(1);
  });
});

describe('charger passwords', () => {
  it('takes a chosen password at creation, refuses a weak one, and lets the charger in with it', async () => {
    const ops = await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    });
    const operatorId = ops.body.data.find((o) => o.name === 'Voltline İstanbul')!.id;
    const weak = await t.call<{ details: { field: string; message: string }[] }>(
      'POST',
      '/api/portal/ChargePoint',
      {
        token: admin,
        body: { chargePointId: 'PW-1', name: 'PW 1', operatorId, password: 'short' },
      },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.details).toContainEqual({
      field: 'body.password',
      message: 'A charger password has 16 to 20 characters.',
    });
    const created = await t.call<{ data: { password: string } }>('POST', '/api/portal/ChargePoint', {
      token: admin,
      body: { chargePointId: 'PW-1', name: 'PW 1', operatorId, password: 'Factory-Key-0042!' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.password).toBe('Factory-Key-0042!');
    await expect(charger('PW-1', 'Factory-Key-0042!')).resolves.toBeDefined();
    await expect(connectClient(url, 'PW-1', 'something-else-1234')).rejects.toThrow(/Unauthorized/);
  });

  it('stores the password sent by ChangeConfiguration AuthorizationKey only when the charger accepts it', async () => {
    const c = await charger('FLOW-A');
    let received: Record<string, unknown> | undefined;
    let answer = 'Rejected';
    c.handle('ChangeConfiguration', async ({ params }) => {
      received = params;
      return { status: answer };
    });
    const send = (value: string) =>
      t.call<{ data: { status: string } }>('POST', '/api/ocpp/RemoteTrigger/changeConfiguration', {
        token: admin,
        body: { chargePointId: 'FLOW-A', key: 'AuthorizationKey', value },
      });

    expect((await send('too-short')).status).toBe(400);
    expect((await send('New-Charger-Key-01')).body.data.status).toBe('Rejected');
    // The security edition's form: the password's hexadecimal encoding.
    expect(received).toEqual({
      key: 'AuthorizationKey',
      value: Buffer.from('New-Charger-Key-01').toString('hex').toUpperCase(),
    });
    await expect(connectClient(url, 'FLOW-A', 'New-Charger-Key-01')).rejects.toThrow(/Unauthorized/);

    answer = 'Accepted';
    const hex = Buffer.from('New-Charger-Key-02').toString('hex');
    expect((await send(hex)).body.data.status).toBe('Accepted');
    await expect(charger('FLOW-A', 'New-Charger-Key-02')).resolves.toBeDefined();
    await expect(connectClient(url, 'FLOW-A', PW)).rejects.toThrow(/Unauthorized/);

    // The key never reaches the message log or the audit log.
    await t.app.services.ocpp.messageLog.stop();
    t.app.services.ocpp.messageLog.start();
    const logged = await t.database.db
      .select({ payload: ocppMessages.payload })
      .from(ocppMessages)
      .where(and(eq(ocppMessages.chargePointId, 'FLOW-A'), eq(ocppMessages.action, 'ChangeConfiguration')));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toMatch(/4E65772D|4e65772d|New-Charger-Key/);
    const audited = await t.database.db
      .select({ summary: auditLogs.summary })
      .from(auditLogs)
      .where(eq(auditLogs.action, 'command.changeConfiguration'));
    expect(JSON.stringify(audited)).not.toMatch(/New-Charger-Key|4E65772D|4e65772d/);
  });
});

describe('the handshake', () => {
  const open = (protocols: string[]) =>
    new Promise<number>((resolve) => {
      // A bare WebSocket, as a charger that speaks something else would open it.
      const auth = Buffer.from(`FLOW-D:${PW}`).toString('base64');
      const ws = new WebSocket(`${url}/FLOW-D`, protocols, { headers: { authorization: `Basic ${auth}` } });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('error', () => resolve(-1));
    });

  it('refuses a charger offering no subprotocol Voltline speaks, or none at all, before the WebSocket opens', async () => {
    expect(await open(['ocpp0.1'])).toBe(400);
    expect(await open([])).toBe(400);
    expect(await open(['ocpp2.0.1', 'ocpp1.6'])).toBe(101);
    await t.app.services.ocpp.messageLog.stop();
    t.app.services.ocpp.messageLog.start();
    const notes = await t.database.db
      .select({ payload: ocppMessages.payload })
      .from(ocppMessages)
      .where(and(eq(ocppMessages.chargePointId, 'FLOW-D'), eq(ocppMessages.action, 'Handshake')));
    expect(JSON.stringify(notes)).toContain('offered: ocpp0.1');
  });
});

describe('commands of the charging flow', () => {
  const flowC = () => chargers.find((x) => x.identity === 'FLOW-C')!;

  it('sends a remote start with a TxProfile, and refuses any other profile before sending', async () => {
    let received: Record<string, unknown> | undefined;
    flowC().handle('RemoteStartTransaction', async ({ params }) => {
      received = params;
      return { status: 'Accepted' };
    });
    const profile = {
      chargingProfileId: 7,
      stackLevel: 0,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Relative',
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    };
    const send = (chargingProfile: Record<string, unknown>) =>
      t.call<{ data: { status: string }; details?: { field: string; message: string }[] }>(
        'POST',
        '/api/ocpp/RemoteTrigger/startTransaction',
        {
          token: admin,
          body: { chargePointId: 'FLOW-C', idTag: 'DEMO0003', connectorId: 1, chargingProfile },
        },
      );
    const wrong = await send({ ...profile, chargingProfilePurpose: 'TxDefaultProfile' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details?.[0]?.message).toBe(
      'A remote start can only carry a transaction profile (TxProfile).',
    );
    expect(received).toBeUndefined();
    expect((await send(profile)).body.data.status).toBe('Accepted');
    expect(received).toMatchObject({ idTag: 'DEMO0003', connectorId: 1, chargingProfile: profile });
  });

  it('sends the network cards as a Full local list, then only what changed as a Differential', async () => {
    type List = {
      listVersion: number;
      updateType: string;
      localAuthorizationList?: { idTag: string; idTagInfo?: { status: string } }[];
    };
    const lists: List[] = [];
    flowC().handle('SendLocalList', async ({ params }) => {
      lists.push(params as List);
      return { status: 'Accepted' };
    });
    flowC().handle('GetLocalListVersion', async () => ({ listVersion: lists.at(-1)?.listVersion ?? 0 }));
    const send = (command: string, body: Record<string, unknown>) =>
      t.call<{ data: Record<string, unknown> }>('POST', `/api/ocpp/RemoteTrigger/${command}`, {
        token: admin,
        body: { chargePointId: 'FLOW-C', ...body },
      });

    expect((await send('getLocalListVersion', {})).body.data).toEqual({
      listVersion: 0,
      lastSentVersion: -1,
    });
    const full = await send('sendLocalList', { updateType: 'Full' });
    // An İstanbul charger: İstanbul's cards, never its sibling Ankara's (DEMO0003, DEMO0004).
    expect(full.body.data).toEqual({ status: 'Accepted', listVersion: 1, entries: 2 });
    expect(lists[0]?.localAuthorizationList?.map((e) => e.idTag).sort()).toEqual(['DEMO0001', 'DEMO0002']);

    await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'DEMO0002'));
    await t.database.db
      .update(rfidCards)
      .set({ archivedAt: new Date() })
      .where(eq(rfidCards.number, 'DEMO0001'));
    const diff = await send('sendLocalList', { updateType: 'Differential' });
    expect(diff.body.data).toEqual({ status: 'Accepted', listVersion: 2, entries: 2 });
    expect(lists[1]).toEqual({
      listVersion: 2,
      updateType: 'Differential',
      localAuthorizationList: [
        { idTag: 'DEMO0002', idTagInfo: expect.objectContaining({ status: 'Blocked' }) as unknown },
        { idTag: 'DEMO0001' },
      ],
    });
    expect((await send('getLocalListVersion', {})).body.data).toEqual({ listVersion: 2, lastSentVersion: 2 });
    await t.database.db.update(rfidCards).set({ status: 'active' }).where(eq(rfidCards.number, 'DEMO0002'));
    await t.database.db.update(rfidCards).set({ archivedAt: null }).where(eq(rfidCards.number, 'DEMO0001'));
  });

  it('sends a DataTransfer and returns the charger answer', async () => {
    flowC().handle('DataTransfer', async ({ params }) => ({
      status: 'Accepted',
      data: `echo:${String((params as { data?: string }).data)}`,
    }));
    const r = await t.call<{ data: Record<string, unknown> }>(
      'POST',
      '/api/ocpp/RemoteTrigger/dataTransfer',
      {
        token: admin,
        body: { chargePointId: 'FLOW-C', vendorId: 'com.example', messageId: 'Ping', data: 'hello' },
      },
    );
    expect(r.body.data).toEqual({ status: 'Accepted', data: 'echo:hello' });
  });
});

describe('a charger that vanished mid-session and starts again', () => {
  it('closes the connector’s forgotten session as superseded at its last reading; its late Stop settles it once', async () => {
    const c = chargers.find((x) => x.identity === 'FLOW-C')!;
    const old = await start(c, 'DEMO0003', 1, 0);
    await meter(c, old.transactionId, 1500);
    const next = await start(c, 'DEMO0004', 1, 1500);
    expect(next.idTagInfo.status).toBe('Accepted');
    expect(await session(old.transactionId)).toMatchObject({
      state: 'failed',
      stopReason: 'Superseded',
      energyWh: 1500,
    });
    expect((await session(next.transactionId)).state).toBe('active');
    // The lost Stop arrives after all: the charger's figures, once.
    await stop(c, old.transactionId, 1800);
    await stop(c, old.transactionId, 1800);
    expect(await session(old.transactionId)).toMatchObject({ state: 'completed', energyWh: 1800 });
    expect((await session(next.transactionId)).state).toBe('active');
    await stop(c, next.transactionId, 2000);
  });
});

describe('a charger that goes silent', () => {
  it('leaves no session in the way: the stuck one can be closed and the card used again', async () => {
    const c = chargers.find((x) => x.identity === 'FLOW-C')!;
    const s = await start(c, 'DEMO0001', 2, 0);
    expect((await start(chargers[1]!, 'DEMO0001', 2, 0)).idTagInfo.status).toBe('ConcurrentTx');
    await t.call('POST', `/api/portal/Transaction/${s.transactionId}/close`, {
      token: admin,
      body: { reason: 'Charger offline for days' },
    });
    await until(async () => (await session(s.transactionId)).state === 'failed');
    expect((await start(chargers[1]!, 'DEMO0001', 2, 10)).idTagInfo.status).toBe('Accepted');
  });
});
