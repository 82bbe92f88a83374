import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import type { RemoteStartOutcome } from '@voltline/contract';
import { chargePoints, chargingSessions, commandRecords } from '../../db/schema/index.js';
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

// A remote start the charger accepts is followed to what happened next (issue #34): a session
// started, the card refused (in words), or nothing within the time-out. 1.6 and 2.0.1 alike.

let t: TestApp;
let url: string;
let sim16: SimCharger;
let sim201: SimCharger201;
let admin: string;
let istanbul: string;
const clients: Client[] = [];
const PW = 'charger-secret-rs-01';
const TIMEOUT = 3;

type Sent = { data: Record<string, unknown>; message?: string; refused?: boolean; commandId?: number };

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3', REMOTE_START_TIMEOUT_SECONDS: String(TIMEOUT) });
  url = await listen(t);
  for (const id of ['RS16-1', 'RS201-1', 'BUSY-1', 'MUTE16-1', 'MUTE201-1'])
    await registerChargePoint(t, id, PW);
  await registerChargePoint(t, 'RS-ANK-1', PW, 'Voltline Ankara');
  sim16 = await startCharger({ url, id: 'RS16-1', password: PW, rebootDelay: 0.2, idTags: ['DEMO0001'] });
  sim201 = await startCharger201({
    url,
    id: 'RS201-1',
    password: PW,
    rebootDelay: 0.2,
    idTags: ['DEMO0001'],
  });
  await until(async () => {
    const rows = await t.database.db.select().from(chargePoints).where(eq(chargePoints.connected, true));
    return rows.some((r) => r.chargePointId === 'RS201-1' && r.ocppProtocol === 'ocpp2.0.1');
  });
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await sim16.close();
  await sim201.close();
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

const start = (chargePointId: string, idTag: string, connectorId = 1) =>
  t.call<Sent>('POST', '/api/ocpp/RemoteTrigger/startTransaction', {
    token: admin,
    body: { chargePointId, idTag, connectorId },
  });
const outcome = (id: number, token = admin) =>
  t.call<{ data: RemoteStartOutcome }>('GET', `/api/portal/Command/${id}/remoteStartOutcome`, { token });
/** Polls the outcome as the portal does, until it is no longer waiting. */
const settled = (id: number) =>
  until(
    async () => {
      await t.app.services.ocpp.messageLog.flush();
      const res = await outcome(id);
      return res.body.data.outcome === 'waiting' ? null : res.body.data;
    },
    (TIMEOUT + 5) * 1000,
  );

/** Stops the started session remotely, so the card is free again. */
async function stopSession(chargePointId: string, sessionId: number) {
  await t.call('POST', '/api/ocpp/RemoteTrigger/stopTransaction', {
    token: admin,
    body: { chargePointId, transactionId: sessionId },
  });
  await until(async () => {
    const [s] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, sessionId));
    return s?.state === 'completed';
  });
}

/** A charger of the test's own that starts a session for the card elsewhere, so the card is busy. */
async function busyElsewhere(idTag: string) {
  const busy = await connectClient(url, 'BUSY-1', PW);
  clients.push(busy);
  await busy.call('BootNotification', boot);
  const answer = (await busy.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart: 0,
    timestamp: new Date().toISOString(),
  })) as { idTagInfo: { status: string } };
  expect(answer.idTagInfo.status).toBe('Accepted');
}

describe('following a remote start to its outcome', () => {
  it('OCPP 1.6: Accepted, then the session that started, linked by its id', async () => {
    const sent = await start('RS16-1', 'DEMO0001');
    expect(sent.body.data).toEqual({ status: 'Accepted' });
    // Not "The charge point answered: Accepted" as if it were charging: the outcome says what happened.
    expect(sent.body.message).toBeUndefined();
    expect(sent.body.commandId).toBeGreaterThan(0);
    const done = await settled(sent.body.commandId!);
    expect(done.outcome).toBe('started');
    expect(done.sessionId).toBeGreaterThan(0);
    expect(done.message).toBe(`Charging started (session ${done.sessionId}).`);
    await stopSession('RS16-1', done.sessionId!);
  });

  it('OCPP 2.0.1: Accepted, then the session that started', async () => {
    const sent = await start('RS201-1', 'DEMO0001', 1);
    expect(sent.body.data).toMatchObject({ status: 'Accepted' });
    const done = await settled(sent.body.commandId!);
    expect(done.outcome).toBe('started');
    expect(done.sessionId).toBeGreaterThan(0);
    await stopSession('RS201-1', done.sessionId!);
  });

  it('OCPP 2.0.1, plugged in first: the waiting transaction the start was tied to is its session', async () => {
    sim201.plugIn(1);
    const sent = await start('RS201-1', 'DEMO0001', 1);
    expect(sent.body.data.status).toBe('Accepted');
    // The charger names the transaction that was waiting for a card.
    expect(typeof sent.body.data.transactionId).toBe('string');
    const done = await settled(sent.body.commandId!);
    expect(done.outcome).toBe('started');
    await stopSession('RS201-1', done.sessionId!);
  });

  it('OCPP 1.6 and 2.0.1: a card already charging elsewhere is refused, said in words', async () => {
    await busyElsewhere('DEMO0002');
    const ids: number[] = [];
    for (const [cp, connector] of [
      ['RS16-1', 2],
      ['RS201-1', 1],
    ] as const) {
      const sent = await start(cp, 'DEMO0002', connector);
      expect(sent.body.data).toMatchObject({ status: 'Accepted' });
      const done = await settled(sent.body.commandId!);
      // Never the green "Accepted" alone: the refusal, with its reason in words.
      expect(done).toMatchObject({
        outcome: 'refused',
        reason: 'ConcurrentTx',
        message: 'Refused: the card is already charging at another charge point.',
      });
      ids.push(sent.body.commandId!);
    }
    const tr = await t.call<{ data: RemoteStartOutcome }>(
      'GET',
      `/api/portal/Command/${ids[0]}/remoteStartOutcome`,
      { token: admin, headers: { 'accept-language': 'tr' } },
    );
    expect(tr.body.data.message).toBe('Reddedildi: kart şu anda başka bir şarj noktasında şarj ediyor.');
  });

  it('1.6 and 2.0.1: a charger that accepts and never starts is said to have not started in time', async () => {
    const mute16 = await connectClient(url, 'MUTE16-1', PW);
    const mute201 = await connectClient(url, 'MUTE201-1', PW, 'ocpp2.0.1');
    clients.push(mute16, mute201);
    mute16.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Accepted' }));
    mute201.handle('RequestStartTransaction', () => Promise.resolve({ status: 'Accepted' }));
    await mute16.call('BootNotification', boot);
    await mute201.call('BootNotification', boot201);
    for (const cp of ['MUTE16-1', 'MUTE201-1']) {
      const sent = await start(cp, 'DEMO0001');
      const id = sent.body.commandId!;
      expect((await outcome(id)).body.data).toMatchObject({
        outcome: 'waiting',
        message: 'The charge point accepted. Waiting for the charger to start…',
      });
      const done = await settled(id);
      expect(done).toMatchObject({
        outcome: 'timedOut',
        message: `The charger did not start a charge within ${TIMEOUT} seconds.`,
      });
    }
  });

  it("a command the charger rejected is not followed as a start; another operator's command is not found", async () => {
    const mute = await connectClient(url, 'RS-ANK-1', PW);
    clients.push(mute);
    mute.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Rejected' }));
    await mute.call('BootNotification', boot);
    const sent = await start('RS-ANK-1', 'DEMO0003');
    expect(sent.body.refused).toBe(true);
    expect(sent.body.commandId).toBeUndefined();
    const [rec] = await t.database.db
      .select({ id: commandRecords.id })
      .from(commandRecords)
      .where(sql`${commandRecords.request}->>'idTag' = 'DEMO0003'`)
      .orderBy(desc(commandRecords.id))
      .limit(1);
    expect((await outcome(rec!.id)).body.data).toMatchObject({ outcome: 'notAccepted', reason: 'Rejected' });
    // Istanbul's user does not reach an Ankara charger's commands.
    expect((await outcome(rec!.id, istanbul)).status).toBe(404);
  });
});
