import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot,
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  type Client,
} from '../../../test/ocpp-helper.js';
import { txEvents, type TxReq } from '../../../test/tx201.js';
import { toIdTokenInfo } from './id-token.js';

// C01/C09/C11: the same card rules answer a 2.0.1 station and a 1.6 charger, each in its own words.

let t: TestApp;
let v2: Client;
let v16: Client;
let istanbul: string;
const PW = 'charger-secret-auth201';
const HOUR = 3_600_000;

type Info = {
  status: string;
  cacheExpiryDateTime?: string;
  groupIdToken?: { idToken: string; type: string };
  language1?: string;
  personalMessage?: { format: string; language?: string; content: string };
};
type TagInfo = { status: string; expiryDate?: string; parentIdTag?: string };

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  await registerChargePoint(t, 'AUTH-201', PW);
  await registerChargePoint(t, 'AUTH-16', PW);
  v2 = await connectClient(url, 'AUTH-201', PW, 'ocpp2.0.1');
  v16 = await connectClient(url, 'AUTH-16', PW, 'ocpp1.6');
  await v2.call('BootNotification', boot201);
  await v16.call('BootNotification', boot);
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await Promise.all([v2.close({ force: true }), v16.close({ force: true })]);
  await t.close();
});

const auth201 = async (idToken: string) =>
  ((await v2.call('Authorize', { idToken: { idToken, type: 'ISO14443' } })) as { idTokenInfo: Info })
    .idTokenInfo;
const auth16 = async (idTag: string) =>
  ((await v16.call('Authorize', { idTag })) as { idTagInfo: TagInfo }).idTagInfo;

async function api(method: 'POST' | 'PUT', url: string, body: object) {
  const r = await t.call<{ data: { id: number; groupIdToken?: string | null } }>(method, url, {
    token: istanbul,
    body,
  });
  expect([url, r.status]).toEqual([url, 200]);
  return r.body.data;
}

async function driver(search: string) {
  const r = await t.call<{ data: { items: { id: number; balance: number }[] } }>(
    'POST',
    '/api/portal/Driver/GetDriversDynamic?index=0&size=10',
    { token: istanbul, body: { search } },
  );
  return r.body.data.items[0]!;
}

const cardId = async (number: string) => {
  const rows = await t.database.db.query.rfidCards.findFirst({
    where: (c, { eq: is }) => is(c.number, number),
  });
  return rows!.id;
};

const sessionOf = async (transactionId: string) =>
  (
    await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.chargerTransactionId, transactionId))
  )[0]!;

describe('C01 Authorize: one card rule, each protocol its words', () => {
  it("C01 an accepted prepaid driver hears their balance in the driver's language; 1.6 is unchanged", async () => {
    const info = await auth201('DEMO0001');
    expect(info.status).toBe('Accepted');
    expect(info.language1).toBe('en');
    expect(info.personalMessage).toEqual({
      format: 'UTF8',
      language: 'en',
      content: expect.stringMatching(/^Welcome\. Your balance: .*500\.00\.$/) as unknown,
    });
    // 1.6 has no personal message: its answer is what it always was.
    expect(await auth16('DEMO0001')).toEqual({
      status: 'Accepted',
      expiryDate: expect.any(String) as unknown,
    });
  });

  it('C01 a prepaid driver under the minimum is NoCredit on 2.0.1 and Blocked on 1.6; both sessions say NoCredit', async () => {
    const ali = await driver('Ali');
    await api('POST', '/api/portal/driver/balance', {
      driverId: ali.id,
      amount: -(ali.balance - 4999),
      reason: 'Correction',
    });
    const info = await auth201('DEMO0001');
    expect(info.status).toBe('NoCredit');
    expect(info.personalMessage?.content).toMatch(/^Your balance \(.*49\.99\) is too low to charge/);
    expect(await auth16('DEMO0001')).toEqual({ status: 'Blocked' });

    const at = Date.now() - 2 * HOUR;
    const [started] = txEvents('C01-NOCREDIT', at, { token: 'DEMO0001', evse: 1 });
    const answer = (await v2.call('TransactionEvent', started)) as { idTokenInfo?: Info };
    expect(answer.idTokenInfo?.status).toBe('NoCredit');
    const s16 = (await v16.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DEMO0001',
      meterStart: 0,
      timestamp: new Date(at).toISOString(),
    })) as { transactionId: number; idTagInfo: TagInfo };
    expect(s16.idTagInfo.status).toBe('Blocked');
    const [row16] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, s16.transactionId));
    const row201 = await sessionOf('C01-NOCREDIT');
    expect([row201.state, row201.authorization]).toEqual(['refused', 'NoCredit']);
    expect([row16!.state, row16!.authorization]).toEqual(['refused', 'NoCredit']);
    await v16.call('StopTransaction', {
      transactionId: s16.transactionId,
      meterStop: 0,
      timestamp: new Date(at + 60_000).toISOString(),
    });
    await api('POST', '/api/portal/driver/balance', {
      driverId: ali.id,
      amount: ali.balance - 4999,
      kind: 'topup',
      reason: 'Top-up',
    });
    expect((await auth201('DEMO0001')).status).toBe('Accepted');
  });

  it('C01 a card nobody issued is Unknown on 2.0.1, Invalid on 1.6, and both sessions record Unknown', async () => {
    const info = await auth201('NO-SUCH-C01');
    expect(info).toMatchObject({ status: 'Unknown', language1: 'en' });
    expect(info.personalMessage?.content).toBe('This card is not known on this network.');
    expect(await auth16('NO-SUCH-C01')).toEqual({ status: 'Invalid' });
    const at = Date.now() - HOUR;
    const s16 = (await v16.call('StartTransaction', {
      connectorId: 2,
      idTag: 'NO-SUCH-C01',
      meterStart: 0,
      timestamp: new Date(at).toISOString(),
    })) as { transactionId: number; idTagInfo: TagInfo };
    expect(s16.idTagInfo).toEqual({ status: 'Invalid' });
    const [row16] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, s16.transactionId));
    const [started] = txEvents('C01-UNKNOWN', at, { token: 'NO-SUCH-C01', evse: 2 });
    await v2.call('TransactionEvent', started);
    expect((await sessionOf('C01-UNKNOWN')).authorization).toBe('Unknown');
    expect(row16!.authorization).toBe('Unknown');
  });

  it('C01 a blocked card hears why, with no cache expiry', async () => {
    const id = await cardId('DEMO0002');
    await api('PUT', '/api/portal/driver/RFIDCards', { id, status: 'blocked' });
    const info = await auth201('DEMO0002');
    expect(info.status).toBe('Blocked');
    expect(info.cacheExpiryDateTime).toBeUndefined();
    expect(info.personalMessage?.content).toBe('This card is blocked. Please contact your charging network.');
    await api('PUT', '/api/portal/driver/RFIDCards', { id, status: 'active' });
  });

  it('C01 the personal message follows the network language: Turkish for a Turkish network', () => {
    const info = toIdTokenInfo({ status: 'NoCredit', credit: { balance: 4999, currency: 'TRY' } }, 'tr');
    expect(info).toEqual({
      status: 'NoCredit',
      language1: 'tr',
      personalMessage: {
        format: 'UTF8',
        language: 'tr',
        content: 'Bakiyeniz (₺49,99) şarj için yetersiz. Lütfen bakiye yükleyin.',
      },
    });
    expect(toIdTokenInfo({ status: 'Expired' }, 'tr').personalMessage?.content).toBe(
      'Bu kartın süresi dolmuş. Lütfen şarj ağınızla iletişime geçin.',
    );
  });
});

describe('C09 a card of the same group stops a session another card of the group started', () => {
  beforeAll(async () => {
    for (const number of ['DEMO0001', 'DEMO0002'])
      await api('PUT', '/api/portal/driver/RFIDCards', { id: await cardId(number), groupIdToken: 'FLEET-7' });
  });

  it('C09 Authorize carries the group: groupIdToken (Central) on 2.0.1, parentIdTag on 1.6', async () => {
    expect((await auth201('DEMO0002')).groupIdToken).toEqual({ idToken: 'FLEET-7', type: 'Central' });
    expect((await auth16('DEMO0002')).parentIdTag).toBe('FLEET-7');
    expect((await auth201('DEMO0004')).groupIdToken).toBeUndefined();
  });

  it('C09 2.0.1: the group card that stops is recorded as the stopper; the session is billed to the starter', async () => {
    const at = Date.now() - 3 * HOUR;
    const [started, , ended] = txEvents('C09-201', at, { token: 'DEMO0001', evse: 1, reason: 'Local' });
    expect(((await v2.call('TransactionEvent', started)) as { idTokenInfo: Info }).idTokenInfo).toMatchObject(
      {
        status: 'Accepted',
        groupIdToken: { idToken: 'FLEET-7', type: 'Central' },
      },
    );
    const stopAuthorized: TxReq = {
      eventType: 'Updated',
      timestamp: new Date(at + 20 * 60_000).toISOString(),
      triggerReason: 'StopAuthorized',
      seqNo: 1,
      transactionInfo: { transactionId: 'C09-201', chargingState: 'EVConnected' },
      idToken: { idToken: 'DEMO0002', type: 'ISO14443' },
    };
    const answer = (await v2.call('TransactionEvent', stopAuthorized)) as { idTokenInfo: Info };
    expect(answer.idTokenInfo).toMatchObject({ status: 'Accepted', groupIdToken: { idToken: 'FLEET-7' } });
    await v2.call('TransactionEvent', ended);
    const s = await sessionOf('C09-201');
    expect([s.state, s.idTag, s.stopIdTag]).toEqual(['completed', 'DEMO0001', 'DEMO0002']);
  });

  it('C09 1.6: a StopTransaction by the other card of the group closes the session the same way', async () => {
    const at = Date.now() - 2 * HOUR;
    const start = (await v16.call('StartTransaction', {
      connectorId: 2,
      idTag: 'DEMO0001',
      meterStart: 0,
      timestamp: new Date(at).toISOString(),
    })) as { transactionId: number; idTagInfo: TagInfo };
    expect(start.idTagInfo).toMatchObject({ status: 'Accepted', parentIdTag: 'FLEET-7' });
    const stop = (await v16.call('StopTransaction', {
      transactionId: start.transactionId,
      idTag: 'DEMO0002',
      meterStop: 2000,
      timestamp: new Date(at + 30 * 60_000).toISOString(),
    })) as { idTagInfo: TagInfo };
    expect(stop.idTagInfo).toMatchObject({ status: 'Accepted', parentIdTag: 'FLEET-7' });
    const [s] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, start.transactionId));
    expect([s!.state, s!.idTag, s!.stopIdTag]).toEqual(['completed', 'DEMO0001', 'DEMO0002']);
  });
});

describe('C11 ClearCache and D01 local lists through the command API', () => {
  const send = (command: string, body: Record<string, unknown>) =>
    t.call<{ data: Record<string, unknown>; refused?: boolean }>(
      'POST',
      `/api/ocpp/RemoteTrigger/${command}`,
      {
        token: istanbul,
        body,
      },
    );

  it('C11 ClearCache reaches a 2.0.1 station and its answer comes back, Rejected included', async () => {
    const heard: unknown[] = [];
    let answer: 'Accepted' | 'Rejected' = 'Accepted';
    v2.handle('ClearCache', async ({ params }) => {
      heard.push(params);
      return Promise.resolve({ status: answer });
    });
    const ok = await send('clearCache', { chargePointId: 'AUTH-201' });
    expect([ok.status, ok.body.data]).toEqual([200, { status: 'Accepted' }]);
    answer = 'Rejected';
    const no = await send('clearCache', { chargePointId: 'AUTH-201' });
    expect(no.body.data).toEqual({ status: 'Rejected' });
    expect(no.body.refused).toBe(true);
    expect(heard).toEqual([{}, {}]);
  });

  it('D01/C09 the local list gives each card of a group its groupIdToken', async () => {
    let list: { idToken: { idToken: string }; idTokenInfo?: Info }[] = [];
    v2.handle('SendLocalList', async ({ params }) => {
      list = (params as { localAuthorizationList?: typeof list }).localAuthorizationList ?? [];
      return Promise.resolve({ status: 'Accepted' });
    });
    const r = await send('sendLocalList', { chargePointId: 'AUTH-201', updateType: 'Full' });
    expect(r.status).toBe(200);
    const of = (n: string) => list.find((e) => e.idToken.idToken === n)?.idTokenInfo;
    expect(of('DEMO0001')?.groupIdToken).toEqual({ idToken: 'FLEET-7', type: 'Central' });
    expect(of('DEMO0002')?.groupIdToken?.idToken).toBe('FLEET-7');
    expect(of('DEMO0004')?.groupIdToken).toBeUndefined();
  });
});
