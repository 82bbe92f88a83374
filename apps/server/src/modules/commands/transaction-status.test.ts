import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import { chargingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';
import { txEvents } from '../../../test/tx201.js';

// E14 GetTransactionStatus through the API: staff ask a 2.0.1 charger whether one of its sessions
// still runs there and whether it still has messages about it to send (or any transaction messages
// at all), and read the answer in words. A 1.6 charger cannot be asked: refused, nothing sent.

let t: TestApp;
let url: string;
let admin: string;
let sim: SimCharger201;
let sim16: SimCharger;
let raw: Client;
const PW = 'tx-status-secret-201';

type Answer = { data: Record<string, unknown>; message?: string; error?: string };
const ask = (body: Record<string, unknown>, lang = 'en', token = admin) =>
  t.call<Answer>('POST', '/api/ocpp/RemoteTrigger/getTransactionStatus', {
    token,
    body,
    headers: { 'accept-language': lang },
  });

const sessionOf = (transactionId: string) =>
  until(async () => {
    const [s] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.chargerTransactionId, transactionId));
    return s;
  });

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  url = await listen(t);
  for (const id of ['E14-201', 'E14-16', 'E14-RAW']) await registerChargePoint(t, id, PW);
  await registerChargePoint(t, 'E14-ANK', PW, 'Voltline Ankara');
  sim = await startCharger201({ url, id: 'E14-201', password: PW, idTags: ['DEMO0001'] });
  sim16 = await startCharger({ url, id: 'E14-16', password: PW });
  raw = await connectClient(url, 'E14-RAW', PW, 'ocpp2.0.1');
  expect(await raw.call('BootNotification', boot201)).toMatchObject({ status: 'Accepted' });
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await raw.close({ force: true });
  await Promise.all([sim.close(), sim16.close()]);
  await t.close();
});

describe('E14 GetTransactionStatus', () => {
  it('E14 a running session: still running, nothing queued, in English and Turkish', async () => {
    const started = await sim.startSession(1, 'DEMO0001');
    const s = await sessionOf(started.transactionId!);
    await until(() => Promise.resolve(sim.outbox.size === 0));
    const en = await ask({ chargePointId: 'E14-201', sessionId: s.id });
    expect(en.status).toBe(200);
    expect(en.body.data).toEqual({ ongoingIndicator: true, messagesInQueue: false, sessionId: s.id });
    expect(en.body.message).toBe(
      `Session ${s.id} is still running at the charge point; it has no messages about it waiting.`,
    );
    const tr = await ask({ chargePointId: 'E14-201', sessionId: s.id }, 'tr');
    expect(tr.body.message).toBe(
      `${s.id} numaralı oturum şarj istasyonunda hâlâ sürüyor; bu oturumla ilgili bekleyen mesaj yok.`,
    );
  });

  it('E14 an ended session: no longer running, everything sent; and the queue of the whole station', async () => {
    const [s] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.state, 'active'));
    sim.stopSession(1);
    await until(async () => {
      const [row] = await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, s!.id));
      return row?.state !== 'active' && sim.outbox.size === 0;
    });
    const r = await ask({ chargePointId: 'E14-201', sessionId: s!.id });
    expect(r.body.data).toMatchObject({ ongoingIndicator: false, messagesInQueue: false });
    expect(r.body.message).toBe(
      `Session ${s!.id} is no longer running at the charge point, and it has sent everything about it.`,
    );
    const station = await ask({ chargePointId: 'E14-201' });
    expect(station.body.data).toEqual({ messagesInQueue: false });
    expect(station.body.message).toBe('The charge point has no transaction messages waiting to be sent.');
  });

  it('E14 asks by the charger’s own transaction id and words a queue still waiting', async () => {
    const [started] = txEvents('RAW-TX-14', Date.now() - 10 * 60_000, { token: 'DEMO0001' });
    await raw.call('TransactionEvent', started);
    const s = await sessionOf('RAW-TX-14');
    const asked: unknown[] = [];
    raw.handle('GetTransactionStatus', ({ params }) => {
      asked.push(params);
      return Promise.resolve({ ongoingIndicator: false, messagesInQueue: true });
    });
    const r = await ask({ chargePointId: 'E14-RAW', sessionId: s.id });
    expect(asked).toEqual([{ transactionId: 'RAW-TX-14' }]);
    expect(r.body.message).toBe(
      `Session ${s.id} is no longer running at the charge point, but it still has messages about it to send: the session may still change.`,
    );
    const all = await ask({ chargePointId: 'E14-RAW' });
    expect(asked[1]).toEqual({});
    expect(all.body.message).toBe('The charge point still has transaction messages waiting to be sent.');
  });

  it('E14 refuses a 1.6 charger in words, a session of another charger, and a charger out of reach', async () => {
    const v16 = await ask({ chargePointId: 'E14-16' });
    expect(v16.status).toBe(409);
    expect(v16.body.error).toBe(
      'Charge point E14-16 speaks a version of OCPP that does not support GetTransactionStatus; nothing was sent.',
    );
    const v16tr = await ask({ chargePointId: 'E14-16' }, 'tr');
    expect(v16tr.status).toBe(409);
    expect(v16tr.body.error).toContain('GetTransactionStatus');
    expect(v16tr.body.error).not.toBe(v16.body.error);

    const other = await sessionOf('RAW-TX-14');
    const elsewhere = await ask({ chargePointId: 'E14-201', sessionId: other.id });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe('The charging session was not found.');

    const istanbul = await t.login('istanbul@voltline.local');
    const out = await ask({ chargePointId: 'E14-ANK' }, 'en', istanbul);
    expect(out.status).toBe(404);
  });
});
