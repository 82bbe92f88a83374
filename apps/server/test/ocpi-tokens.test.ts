import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { roamingAuthorizations, roamingSessions, roamingTokens } from '../src/db/schema/index.js';
import type { TestApp } from './helper.js';
import { boot201, connectClient, registerChargePoint, type Client } from './ocpp-helper.js';
import { emspToken, type OcpiEmsp } from './ocpi-emsp.js';
import { registeredEmsp, startRoamingServer } from './roaming-world.js';
import { txEvents } from './tx201.js';

// Issue #31: the Tokens module (Voltline the receiver, and the pull of the eMSP's list) and a
// roaming token at real chargers: the eMSP asked in real time, its whitelist when it cannot answer.

let t: TestApp;
let admin: string;
let base: string;
let emsp: OcpiEmsp;
let partnerId: number;
let c16: Client;
let c201: Client;
let cp16: { id: number };

beforeAll(async () => {
  const server = await startRoamingServer({ OCPI_AUTHORIZE_TIMEOUT_SECONDS: '1' });
  ({ t, base, admin } = server);
  ({ emsp, partnerId } = await registeredEmsp(server, server.operatorId('Voltline İstanbul'), {
    partyId: 'TOK',
    name: 'Token eMSP',
    maxLimit: 2,
  }));
  cp16 = await registerChargePoint(t, 'RTOK-16', 'token-probe-pass');
  await registerChargePoint(t, 'RTOK-201', 'token-probe-pass');
  c16 = await connectClient(server.ocppUrl, 'RTOK-16', 'token-probe-pass');
  await c16.call('BootNotification', { chargePointVendor: 'Probe', chargePointModel: 'Tok' });
  c201 = await connectClient(server.ocppUrl, 'RTOK-201', 'token-probe-pass', 'ocpp2.0.1');
  await c201.call('BootNotification', boot201);
});
afterAll(async () => {
  await c16?.close({ force: true });
  await c201?.close({ force: true });
  await emsp?.close();
  await t.close();
});

/** A token of the eMSP, in its list (the real-time answers look it up there) and pushed to Voltline. */
async function give(uid: string, over: Record<string, unknown> = {}) {
  const token = emspToken(emsp, uid, over);
  emsp.tokens.push(token);
  const answer = await emsp.pushToken(token);
  expect(answer.envelope.status_code, JSON.stringify(answer.envelope)).toBe(1000);
  return token;
}

const tokenUrl = (uid: string, party = emsp.partyId) =>
  `${emsp.endpointOf('tokens', 'RECEIVER')}/${emsp.countryCode}/${party}/${uid}`;

const answersFor = (uid: string) =>
  t.database.db
    .select()
    .from(roamingAuthorizations)
    .where(eq(roamingAuthorizations.tokenUid, uid))
    .orderBy(roamingAuthorizations.id);

/** A charger's call and the central system's answer, as the test expects it. */
const ocpp = <T>(client: Client, action: string, body: unknown) => client.call(action, body) as Promise<T>;

const authorizeCalls = (uid: string) =>
  emsp.calls.filter((c) => c.direction === 'in' && c.url.includes(`/${uid}/authorize`)).length;

describe('OCPI Tokens, Voltline the receiver', () => {
  it('lists tokens RECEIVER in its version details', () => {
    expect(emsp.endpointOf('tokens', 'RECEIVER')).toBe(`${base}/ocpi/2.2.1/tokens`);
  });

  it('stores a pushed token, gives it back and merges a PATCH', async () => {
    await give('RT-PUSH-1');
    const got = await emsp.get<{ uid: string; valid: boolean }>(tokenUrl('RT-PUSH-1'));
    expect(got.envelope).toMatchObject({ status_code: 1000, data: { uid: 'RT-PUSH-1', valid: true } });
    const patched = await emsp.send('PATCH', tokenUrl('RT-PUSH-1'), {
      valid: false,
      last_updated: '2026-02-01T00:00:00Z',
    });
    expect(patched.envelope.status_code).toBe(1000);
    const again = await emsp.get<{ valid: boolean; last_updated: string }>(tokenUrl('RT-PUSH-1'));
    expect(again.envelope.data).toMatchObject({ valid: false, last_updated: '2026-02-01T00:00:00Z' });
    // A PATCH must carry last_updated; an unknown token is 2004.
    const noDate = await emsp.send('PATCH', tokenUrl('RT-PUSH-1'), { valid: true });
    expect(noDate.envelope.status_code).toBe(2001);
    const unknown = await emsp.send('PATCH', tokenUrl('RT-NOBODY'), {
      valid: true,
      last_updated: '2026-02-01T00:00:00Z',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.envelope.status_code).toBe(2004);
    expect((await emsp.get(tokenUrl('RT-NOBODY'))).status).toBe(404);
  });

  it('refuses a token of a party the partner does not speak for, and one whose ids differ from the URL', async () => {
    const other = await emsp.send('PUT', tokenUrl('RT-OTHER', 'XXX'), emspToken(emsp, 'RT-OTHER'));
    expect(other.envelope.status_code).toBeGreaterThanOrEqual(2000);
    const mismatch = await emsp.send('PUT', tokenUrl('RT-ONE'), emspToken(emsp, 'RT-TWO'));
    expect(mismatch.envelope.status_code).toBe(2001);
    const rows = await t.database.db
      .select()
      .from(roamingTokens)
      .where(sql`${roamingTokens.uid} IN ('RT-OTHER', 'RT-ONE', 'RT-TWO')`);
    expect(rows).toEqual([]);
  });
});

describe('a roaming token at the charger', () => {
  it('1.6: authorized in real time, accepted, and its session linked with the eMSP’s reference', async () => {
    await give('RT-RT16', { whitelist: 'ALLOWED' });
    const auth = await ocpp<{ idTagInfo: { status: string } }>(c16, 'Authorize', { idTag: 'rt-rt16' });
    expect(auth.idTagInfo.status).toBe('Accepted');
    const [answer] = await answersFor('RT-RT16');
    expect(answer).toMatchObject({ source: 'realtime', allowed: 'ALLOWED', verdict: 'Accepted' });
    expect(answer!.authorizationReference).toBeTruthy();
    const start = await ocpp<{ transactionId: number; idTagInfo: { status: string } }>(
      c16,
      'StartTransaction',
      { connectorId: 1, idTag: 'RT-RT16', meterStart: 100, timestamp: new Date().toISOString() },
    );
    expect(start.idTagInfo.status).toBe('Accepted');
    const [linked] = await t.database.db
      .select()
      .from(roamingSessions)
      .where(eq(roamingSessions.sessionId, start.transactionId));
    expect(linked).toMatchObject({
      partnerId,
      tokenUid: 'RT-RT16',
      contractId: `${emsp.countryCode}-${emsp.partyId}-CRT-RT16`,
      authorizationReference: answer!.authorizationReference,
      authorizationId: answer!.id,
    });
    expect((await answersFor('RT-RT16'))[0]!.sessionId).toBe(start.transactionId);
    // The eMSP was sent the charge point as its Location.
    const call = emsp.calls.find((c) => c.url.includes('/RT-RT16/authorize'))!;
    expect(call.body).toMatchObject({ location_id: String(cp16.id) });
    await c16.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 900,
      timestamp: new Date().toISOString(),
    });
  });

  it('2.0.1: a NEVER token starting a transaction is asked in real time, accepted and linked', async () => {
    await give('RT-RT201', { whitelist: 'NEVER' });
    const [started] = txEvents('rt-201-a', Date.now() - 60_000, { token: 'RT-RT201' });
    const answer = await ocpp<{ idTokenInfo?: { status: string } }>(c201, 'TransactionEvent', started);
    expect(answer.idTokenInfo?.status).toBe('Accepted');
    const [auth] = await answersFor('RT-RT201');
    expect(auth).toMatchObject({ source: 'realtime', allowed: 'ALLOWED', verdict: 'Accepted' });
    const [linked] = await t.database.db
      .select()
      .from(roamingSessions)
      .where(eq(roamingSessions.authorizationId, auth!.id));
    expect(linked).toMatchObject({
      tokenUid: 'RT-RT201',
      authorizationReference: auth!.authorizationReference,
    });
    expect(auth!.sessionId).toBe(linked!.sessionId);
  });

  it('2.0.1 Authorize: the eMSP’s answer is the verdict', async () => {
    await give('RT-AUTH201', { whitelist: 'ALLOWED_OFFLINE' });
    emsp.setAuthorization('RT-AUTH201', { allowed: 'NO_CREDIT' });
    const answer = await ocpp<{ idTokenInfo: { status: string } }>(c201, 'Authorize', {
      idToken: { idToken: 'RT-AUTH201', type: 'ISO14443' },
    });
    expect(answer.idTokenInfo.status).toBe('NoCredit');
  });

  it('a BLOCKED answer blocks the card at the charger, and is recorded', async () => {
    await give('RT-BLOCK', { whitelist: 'ALLOWED' });
    emsp.setAuthorization('RT-BLOCK', { allowed: 'BLOCKED' });
    const auth = await ocpp<{ idTagInfo: { status: string } }>(c16, 'Authorize', { idTag: 'RT-BLOCK' });
    expect(auth.idTagInfo.status).toBe('Blocked');
    expect(await answersFor('RT-BLOCK')).toEqual([
      expect.objectContaining({
        source: 'realtime',
        allowed: 'BLOCKED',
        verdict: 'Blocked',
        chargePointId: cp16.id,
      }),
    ]);
  });

  it('the eMSP too slow: ALLOWED_OFFLINE is accepted from the cache, NEVER refused', async () => {
    await give('RT-OFFLINE', { whitelist: 'ALLOWED_OFFLINE' });
    await give('RT-NEVER', { whitelist: 'NEVER' });
    emsp.setAuthorization('RT-OFFLINE', { allowed: 'ALLOWED', delayMs: 2500 });
    emsp.setAuthorization('RT-NEVER', { allowed: 'ALLOWED', delayMs: 2500 });
    const offline = await ocpp<{ idTagInfo: { status: string } }>(c16, 'Authorize', { idTag: 'RT-OFFLINE' });
    expect(offline.idTagInfo.status).toBe('Accepted');
    const never = await ocpp<{ idTagInfo: { status: string } }>(c16, 'Authorize', { idTag: 'RT-NEVER' });
    expect(never.idTagInfo.status).toBe('Invalid');
    expect((await answersFor('RT-OFFLINE'))[0]).toMatchObject({
      allowed: 'UNREACHABLE',
      verdict: 'Accepted',
    });
    expect((await answersFor('RT-NEVER'))[0]).toMatchObject({ allowed: 'UNREACHABLE', verdict: 'Invalid' });
  });

  it('an ALWAYS token is accepted from the cache, the eMSP not asked; an invalid one is Blocked', async () => {
    await give('RT-ALWAYS', { whitelist: 'ALWAYS' });
    await give('RT-INVALID', { whitelist: 'ALWAYS', valid: false });
    const auth = await ocpp<{ idTagInfo: { status: string } }>(c16, 'Authorize', { idTag: 'RT-ALWAYS' });
    expect(auth.idTagInfo.status).toBe('Accepted');
    const invalid = await ocpp<{ idTagInfo: { status: string } }>(c16, 'Authorize', { idTag: 'RT-INVALID' });
    expect(invalid.idTagInfo.status).toBe('Blocked');
    expect(authorizeCalls('RT-ALWAYS') + authorizeCalls('RT-INVALID')).toBe(0);
    expect((await answersFor('RT-ALWAYS'))[0]).toMatchObject({ source: 'whitelist', verdict: 'Accepted' });
  });

  it('a partner’s START_SESSION answer lets a start within the window through and links it', async () => {
    await give('RT-CMD', { whitelist: 'NEVER' });
    const [token] = await t.database.db.select().from(roamingTokens).where(eq(roamingTokens.uid, 'RT-CMD'));
    const [cmd] = await t.database.db
      .insert(roamingAuthorizations)
      .values({
        partnerId,
        tokenId: token!.id,
        tokenUid: 'RT-CMD',
        tokenType: 'RFID',
        chargePointId: cp16.id,
        source: 'command',
        allowed: 'ALLOWED',
        verdict: 'Accepted',
        authorizationReference: 'cmd-ref-1',
      })
      .returning();
    const start = await ocpp<{ transactionId: number; idTagInfo: { status: string } }>(
      c16,
      'StartTransaction',
      { connectorId: 2, idTag: 'RT-CMD', meterStart: 100, timestamp: new Date().toISOString() },
    );
    expect(start.idTagInfo.status).toBe('Accepted');
    expect(authorizeCalls('RT-CMD')).toBe(0);
    const [linked] = await t.database.db
      .select()
      .from(roamingSessions)
      .where(eq(roamingSessions.sessionId, start.transactionId));
    expect(linked).toMatchObject({ authorizationReference: 'cmd-ref-1', authorizationId: cmd!.id });
    expect(emsp.problems).toEqual([]);
  });
});

describe('pulling the eMSP’s tokens', () => {
  it('reads every page of the list by staff’s "Fetch tokens now", then only what changed since', async () => {
    for (const n of [1, 2, 3, 4, 5])
      emsp.tokens.push(emspToken(emsp, `RT-PULL-${n}`, { last_updated: '2026-03-01T00:00:00Z' }));
    const fetched = await t.call<{ data: { id: number }; message: string }>(
      'POST',
      `/api/portal/Roaming/partners/${partnerId}/fetch-tokens`,
      { token: admin },
    );
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    const pages = emsp.calls.filter(
      (c) => c.direction === 'in' && c.method === 'GET' && new URL(c.url).pathname.endsWith('/tokens'),
    );
    // The eMSP serves two a page (maxLimit): the list took several pages, each Link followed.
    expect(pages.length).toBeGreaterThan(2);
    const stored = await t.database.db
      .select()
      .from(roamingTokens)
      .where(sql`${roamingTokens.uid} LIKE 'RT-PULL-%'`);
    expect(stored.map((r) => r.uid).sort()).toEqual([
      'RT-PULL-1',
      'RT-PULL-2',
      'RT-PULL-3',
      'RT-PULL-4',
      'RT-PULL-5',
    ]);
    // The next pull asks from the last one's moment.
    await t.call('POST', `/api/portal/Roaming/partners/${partnerId}/fetch-tokens`, { token: admin });
    const last = emsp.calls.filter((c) => c.direction === 'in' && c.method === 'GET').at(-1)!;
    expect(new URL(last.url).searchParams.get('date_from')).toBeTruthy();
    expect(emsp.problems).toEqual([]);
  });
});
