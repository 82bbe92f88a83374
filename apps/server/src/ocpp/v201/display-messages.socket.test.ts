import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import type { DisplayMessageSendResult, StoredDisplayMessage } from '@voltline/contract';
import { auditLogs, chargePoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// OCPP 2.0.1 O01-O06 against a simulated 2.0.1 station, through the API the portal uses: what
// Voltline sets and what the station reports is what the charge point's list shows.

let t: TestApp;
let url: string;
let sim: SimCharger201;
let sim16: SimCharger;
let admin: string;
let cpId: number;
const PW = 'charger-secret-0201d';

type Answer<T = Record<string, unknown>> = { data: T; message?: string; refused?: boolean; error?: string };

const connected = (id: string, protocol: string) =>
  until(async () => {
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
    return cp?.connected && cp.ocppProtocol === protocol && cp;
  });

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  url = await listen(t);
  await registerChargePoint(t, 'DSP-1', PW);
  await registerChargePoint(t, 'DSP-16', PW);
  await registerChargePoint(t, 'DSP-OFF', PW);
  sim = await startCharger201({
    url,
    id: 'DSP-1',
    password: PW,
    rebootDelay: 0.2,
    idTags: ['DEMO0001'],
    config: { NumberOfDisplayMessages: '5', DisplayMessagesPerPart: '2' },
  });
  sim16 = await startCharger({ url, id: 'DSP-16', password: PW });
  cpId = (await connected('DSP-1', 'ocpp2.0.1')).id;
  await connected('DSP-16', 'ocpp1.6');
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await sim16.close();
  await t.close();
});

const send = (command: string, body: Record<string, unknown>) =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, {
    token: admin,
    body: { chargePointId: 'DSP-1', ...body },
  });
const stored = async () =>
  (
    await t.call<Answer<StoredDisplayMessage[]>>('GET', `/api/portal/ChargePoint/${cpId}/displayMessages`, {
      token: admin,
    })
  ).body.data;
const text = (content: string, format = 'UTF8') => ({ format, language: 'en', content });
const setMessage = (message: Record<string, unknown>) =>
  send('setDisplayMessage', { message: { priority: 'NormalCycle', ...message } });

describe('OCPP 2.0.1 display messages through the API', () => {
  it('O01 sets a message the list shows at once, and a refused format is a refusal in words', async () => {
    const start = new Date(Date.now() + 60_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const set = await setMessage({
      id: 1,
      state: 'Idle',
      startDateTime: start,
      endDateTime: end,
      message: text('Welcome'),
    });
    expect(set.body).toMatchObject({
      data: { status: 'Accepted' },
      message: 'The charge point accepted the message.',
    });
    expect(set.body.refused).toBeUndefined();
    expect(sim.displayMessages.get(1)).toMatchObject({ state: 'Idle', message: { content: 'Welcome' } });
    expect(await stored()).toEqual([
      expect.objectContaining({
        id: 1,
        state: 'Idle',
        startDateTime: start,
        endDateTime: end,
        content: 'Welcome',
        source: 'set',
      }),
    ]);
    const html = await setMessage({ id: 2, message: text('<b>Hi</b>', 'HTML') });
    expect(html.body).toMatchObject({
      data: { status: 'NotSupportedMessageFormat' },
      refused: true,
      message: 'The charge point cannot show messages in this format.',
    });
    expect((await stored()).map((m) => m.id)).toEqual([1]);
    const backwards = await setMessage({ id: 3, startDateTime: end, endDateTime: start, message: text('x') });
    expect(backwards.status).toBe(400);
  });

  it('O02 sets a message for a running transaction and refuses one for a transaction the charger does not run', async () => {
    const unknown = await setMessage({ id: 20, transactionId: 'no-such-tx', message: text('x') });
    expect(unknown.body).toMatchObject({
      refused: true,
      message: 'The charge point runs no such transaction.',
    });
    await sim.startSession(1, 'DEMO0001');
    const transactionId = await until(() => Promise.resolve(sim.evse(1)?.transaction?.id));
    const set = await setMessage({ id: 20, transactionId, message: text('Your session') });
    expect(set.body).toMatchObject({ data: { status: 'Accepted' } });
    expect((await stored()).find((m) => m.id === 20)).toMatchObject({ transactionId });
    sim.stopSession(1);
  });

  it('O03 asks for every message: the parts (tbc) replace what Voltline stored', async () => {
    sim.displayMessages.clear();
    for (const id of [7, 8, 9]) {
      sim.displayMessages.set(id, {
        id,
        priority: 'InFront',
        message: { format: 'ASCII', content: `m${id}` },
      });
    }
    const get = await send('getDisplayMessages', {});
    expect(get.body).toMatchObject({ data: { status: 'Accepted' } });
    expect(get.body.data.requestId).toEqual(expect.any(Number));
    const ids = await until(async () => {
      const now = (await stored()).map((m) => m.id);
      return now.join() === '7,8,9' && now;
    });
    expect(ids).toEqual([7, 8, 9]);
    expect((await stored()).every((m) => m.source === 'report' && m.priority === 'InFront')).toBe(true);
  });

  it('O04 asks for some messages: only those are replaced, and Unknown says none is held', async () => {
    sim.displayMessages.delete(8);
    const get = await send('getDisplayMessages', { id: [8, 9] });
    expect(get.body.data.status).toBe('Accepted');
    await until(async () => (await stored()).map((m) => m.id).join() === '7,9');
    const none = await send('getDisplayMessages', { priority: 'AlwaysFront' });
    expect(none.body).toMatchObject({
      data: { status: 'Unknown' },
      message: 'The charge point holds no display message that matches.',
    });
    expect(none.body.refused).toBeUndefined();
    sim.displayMessages.delete(9);
    const gone = await send('getDisplayMessages', { id: [9] });
    expect(gone.body.data.status).toBe('Unknown');
    expect((await stored()).map((m) => m.id)).toEqual([7]);
  });

  it('O05 clears a message; one the charger does not hold is refused', async () => {
    const clear = await send('clearDisplayMessage', { id: 7 });
    expect(clear.body).toMatchObject({ data: { status: 'Accepted' } });
    expect(await stored()).toEqual([]);
    const again = await send('clearDisplayMessage', { id: 7 });
    expect(again.body).toMatchObject({ data: { status: 'Unknown' }, refused: true });
  });

  it('O06 replaces the message with the same id', async () => {
    await setMessage({ id: 30, message: text('Old') });
    const replaced = await setMessage({ id: 30, priority: 'AlwaysFront', message: text('New') });
    expect(replaced.body.data.status).toBe('Accepted');
    expect((await stored()).filter((m) => m.id === 30)).toEqual([
      expect.objectContaining({ priority: 'AlwaysFront', content: 'New' }),
    ]);
    expect(sim.displayMessages.get(30)).toMatchObject({ message: { content: 'New' } });
  });

  it('O01 lists no message whose end has passed: the charger removed it', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    expect((await setMessage({ id: 31, endDateTime: soon, message: text('Brief') })).body.data.status).toBe(
      'Accepted',
    );
    expect((await stored()).some((m) => m.id === 31)).toBe(true);
    await until(async () => !(await stored()).some((m) => m.id === 31));
  });

  it('O01 writes one message to several chargers, answered per charger and audited', async () => {
    const r = await t.call<Answer<DisplayMessageSendResult[]>>('POST', '/api/portal/DisplayMessages', {
      token: admin,
      body: {
        chargePointIds: ['DSP-1', 'DSP-16', 'DSP-OFF'],
        message: { id: 40, priority: 'InFront', message: text('Maintenance tonight') },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.refused).toBe(true);
    expect(r.body.data).toEqual([
      {
        chargePointId: 'DSP-1',
        outcome: 'accepted',
        status: 'Accepted',
        message: 'The charge point accepted the message.',
      },
      {
        chargePointId: 'DSP-16',
        outcome: 'notSupported',
        status: null,
        message: 'This charge point has no display messages (OCPP 1.6).',
      },
      {
        chargePointId: 'DSP-OFF',
        outcome: 'offline',
        status: null,
        message: 'Charge point DSP-OFF is not connected.',
      },
    ]);
    expect(sim.displayMessages.get(40)).toMatchObject({ message: { content: 'Maintenance tonight' } });
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'displayMessages.send'));
    expect(lines).toHaveLength(1);
    const tr = await t.call<Answer<DisplayMessageSendResult[]>>('POST', '/api/portal/DisplayMessages', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: {
        chargePointIds: ['DSP-1'],
        message: { id: 41, priority: 'NormalCycle', message: text('<i>x</i>', 'HTML') },
      },
    });
    expect(tr.body.data[0]).toMatchObject({
      outcome: 'refused',
      status: 'NotSupportedMessageFormat',
      message: 'Şarj istasyonu bu biçimde mesaj gösteremiyor.',
    });
  });
});
