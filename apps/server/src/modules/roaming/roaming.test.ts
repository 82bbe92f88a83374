import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RoamingInvitation, RoamingPartner } from '@voltline/contract';
import { auditLogs, roamingPartners } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { hashToken } from './ocpi/transport.js';

// Roaming partners as staff manage them, and the transport rules of Voltline's /ocpi (issue #31).
// The full handshake both ways runs against the test eMSP in test/ocpi-roaming.test.ts.

let t: TestApp;
let admin: string;
let istanbul: string;
let ops: { id: number; name: string }[];

beforeAll(async () => {
  t = await createTestApp({ OCPI_ALLOW_PRIVATE: 'true', OCPI_TIMEOUT_SECONDS: '2' });
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  ops = (await t.call<{ data: typeof ops }>('GET', '/api/portal/operator/lookup', { token: admin })).body
    .data;
});
afterAll(() => t.close());

const opId = (name: string) => ops.find((o) => o.name === name)!.id;
const b64 = (token: string) => Buffer.from(token, 'utf8').toString('base64');

async function invite(body: Record<string, unknown> = {}, token = admin) {
  return t.call<{ data: RoamingInvitation; message: string; error?: string }>(
    'POST',
    '/api/portal/Roaming/partners/invite',
    {
      token,
      body: {
        operatorId: opId('Voltline İstanbul'),
        name: 'Probe eMSP',
        publishedOperatorIds: [opId('Voltline İstanbul')],
        ...body,
      },
    },
  );
}

function ocpi(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization?: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(authorization ? { authorization } : {}),
      'x-request-id': 'req-1',
      'x-correlation-id': 'corr-1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('inviting a partner', () => {
  it('shows token A and the versions address once, never again, and records who invited', async () => {
    const r = await invite();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toMatch(/not shown again/);
    const { partner, tokenA, versionsUrl } = r.body.data;
    expect(versionsUrl).toBe('http://voltline.test/ocpi/versions');
    expect(tokenA).toMatch(/^[\x21-\x7e]{32,64}$/);
    expect(partner).toMatchObject({
      state: 'invited',
      direction: 'inbound',
      publishedOperators: [{ name: 'Voltline İstanbul' }],
    });
    expect(new Date(partner.tokenAExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);

    const list = await t.call<{ data: RoamingPartner[] }>('GET', '/api/portal/Roaming/partners', {
      token: admin,
    });
    expect(JSON.stringify(list.body)).not.toContain(tokenA);
    const [row] = await t.database.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.id, partner.id));
    expect(JSON.stringify(row)).not.toContain(tokenA);
    const [line] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'roamingPartner'));
    expect(line).toMatchObject({ action: 'roaming.invite', userEmail: 'admin@voltline.local' });
  });

  it('publishes only the partner operator’s own subtree, and refuses in the user’s language', async () => {
    const r = await invite({ publishedOperatorIds: [opId('Voltline Ankara')] });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/Only the partner’s operator/);
    const tr = await t.call<{ error: string }>('POST', '/api/portal/Roaming/partners/invite', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: {
        operatorId: opId('Voltline İstanbul'),
        name: 'x',
        publishedOperatorIds: [opId('Voltline Ankara')],
      },
    });
    expect(tr.body.error).toMatch(/yalnızca onun operatörü/);
  });

  it('does not let a user of İstanbul invite for Ankara', async () => {
    const r = await invite({ operatorId: opId('Voltline Ankara'), publishedOperatorIds: [] }, istanbul);
    expect(r.status).toBe(400);
  });
});

describe('Voltline’s OCPI transport', () => {
  it('answers versions to token A in Base64, with the envelope and the request’s ids', async () => {
    const { tokenA } = (await invite()).body.data;
    const res = await ocpi('GET', '/ocpi/versions', `Token ${b64(tokenA)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(res.headers['x-correlation-id']).toBe('corr-1');
    const body = res.json<{
      data: { version: string; url: string }[];
      status_code: number;
      timestamp: string;
    }>();
    expect(body.status_code).toBe(1000);
    expect(body.data).toEqual([{ version: '2.2.1', url: 'http://voltline.test/ocpi/2.2.1' }]);
    const details = (await ocpi('GET', '/ocpi/2.2.1', `Token ${b64(tokenA)}`)).json<{
      data: { endpoints: { identifier: string }[] };
    }>();
    expect(details.data.endpoints.map((e) => e.identifier)).toContain('credentials');
    // A partner of 2.1.1 or early 2.2 sends the token as is; it is known all the same.
    expect((await ocpi('GET', '/ocpi/versions', `Token ${tokenA}`)).statusCode).toBe(200);
  });

  it('refuses a missing or unknown token with 401 in the envelope', async () => {
    for (const auth of [undefined, 'Token bm90LWEtdG9rZW4=', 'Bearer x']) {
      const res = await ocpi('GET', '/ocpi/versions', auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status_code: 2000 });
      expect(res.headers['x-request-id']).toBe('req-1');
    }
  });

  it('answers an unknown OCPI path 404 in the envelope', async () => {
    const { tokenA } = (await invite()).body.data;
    const res = await ocpi('GET', '/ocpi/2.2.1/nothing', `Token ${b64(tokenA)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status_code: 2000 });
  });

  it('takes a credentials POST only with a valid object (2001), and says 3001 when the partner cannot be reached', async () => {
    const { tokenA, partner } = (await invite()).body.data;
    const auth = `Token ${b64(tokenA)}`;
    const bad = await ocpi('POST', '/ocpi/2.2.1/credentials', auth, { token: 'x', roles: [] });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ status_code: 2001 });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/ocpi/2.2.1/credentials',
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(notJson.statusCode).toBe(400);
    const unreachable = await ocpi('POST', '/ocpi/2.2.1/credentials', auth, {
      token: 'partner-token-b',
      url: 'http://127.0.0.1:9/ocpi/versions',
      roles: [{ role: 'EMSP', party_id: 'EMS', country_code: 'NL', business_details: { name: 'Probe' } }],
    });
    expect(unreachable.json()).toMatchObject({ status_code: 3001 });
    // Still invited: the token A works until the registration succeeds.
    const again = await t.call<{ data: RoamingPartner }>(
      'GET',
      `/api/portal/Roaming/partners/${partner.id}`,
      {
        token: admin,
      },
    );
    expect(again.body.data.state).toBe('invited');
    // A PUT or DELETE before registering is not allowed (7.2.3, 7.2.4).
    expect((await ocpi('DELETE', '/ocpi/2.2.1/credentials', auth)).statusCode).toBe(405);
  });

  it('ends an invitation: its token A stops working at once, and ending twice is refused', async () => {
    const { tokenA, partner } = (await invite()).body.data;
    const end = await t.call<{ data: RoamingPartner; message: string }>(
      'POST',
      `/api/portal/Roaming/partners/${partner.id}/unregister`,
      { token: admin },
    );
    expect(end.status).toBe(200);
    expect(end.body.data.state).toBe('unregistered');
    expect((await ocpi('GET', '/ocpi/versions', `Token ${b64(tokenA)}`)).statusCode).toBe(401);
    const twice = await t.call<{ error: string }>(
      'POST',
      `/api/portal/Roaming/partners/${partner.id}/unregister`,
      {
        token: admin,
      },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatch(/already ended/);
  });
});

describe('registering with a partner', () => {
  it('says in words when the partner cannot be reached, and keeps nothing', async () => {
    const before = (await t.database.db.select().from(roamingPartners)).length;
    const r = await t.call<{ error: string }>('POST', '/api/portal/Roaming/partners/register', {
      token: admin,
      body: {
        operatorId: opId('Voltline İstanbul'),
        name: 'Nobody',
        versionsUrl: 'http://127.0.0.1:9/ocpi/versions',
        tokenA: 'their-token-a',
      },
    });
    expect(r.status).toBe(502);
    expect(r.body.error).toBe('The partner did not answer at http://127.0.0.1:9/ocpi/versions.');
    expect((await t.database.db.select().from(roamingPartners)).length).toBe(before);
  });
});

describe('a server that does not allow private addresses', () => {
  it('does not call a partner on this machine', async () => {
    const strict = await createTestApp();
    try {
      const token = await strict.login('admin@voltline.local');
      const lookup = (
        await strict.call<{ data: typeof ops }>('GET', '/api/portal/operator/lookup', { token })
      ).body.data;
      const r = await strict.call<{ error: string }>('POST', '/api/portal/Roaming/partners/register', {
        token,
        body: {
          operatorId: lookup.find((o) => o.name === 'Voltline İstanbul')!.id,
          name: 'Inside',
          versionsUrl: 'http://127.0.0.1:8080/ocpi/versions',
          tokenA: 'their-token-a',
        },
      });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatch(/private network or this machine/);
    } finally {
      await strict.close();
    }
  });
});

describe('a hub’s connected parties (hubclientinfo)', () => {
  it('keeps what a hub reports of a party, shows it on the partner, and takes it only from a hub', async () => {
    const db = t.database.db;
    const [hub] = await db
      .insert(roamingPartners)
      .values({
        operatorId: opId('Voltline İstanbul'),
        name: 'Probe hub',
        state: 'registered',
        direction: 'inbound',
        role: 'HUB',
        countryCode: 'DE',
        partyId: 'HUB',
        incomingTokenHash: hashToken('probe-hub-token'),
      })
      .returning();
    const info = {
      party_id: 'msp',
      country_code: 'nl',
      role: 'EMSP',
      status: 'CONNECTED',
      last_updated: '2026-11-27T10:00:00Z',
    };
    const auth = `Token ${b64('probe-hub-token')}`;
    const put = await ocpi('PUT', '/ocpi/2.2.1/hubclientinfo/NL/MSP', auth, info);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ status_code: 1000 });
    // Configuration modules are not routed (4.1.8.2).
    expect(put.headers['ocpi-from-party-id']).toBeUndefined();
    const mismatch = await ocpi('PUT', '/ocpi/2.2.1/hubclientinfo/NL/XYZ', auth, info);
    expect(mismatch.json()).toMatchObject({ status_code: 2001 });
    const got = await ocpi('GET', '/ocpi/2.2.1/hubclientinfo/nl/msp', auth);
    expect(got.json()).toMatchObject({ data: { party_id: 'MSP', country_code: 'NL', status: 'CONNECTED' } });

    const shown = await t.call<{ data: RoamingPartner }>('GET', `/api/portal/Roaming/partners/${hub!.id}`, {
      token: admin,
    });
    expect(shown.body.data.hubClients).toEqual([
      {
        countryCode: 'NL',
        partyId: 'MSP',
        role: 'EMSP',
        status: 'CONNECTED',
        lastUpdated: '2026-11-27T10:00:00.000Z',
      },
    ]);

    await db.update(roamingPartners).set({ role: 'EMSP' }).where(eq(roamingPartners.id, hub!.id));
    const notHub = await ocpi('PUT', '/ocpi/2.2.1/hubclientinfo/NL/MSP', auth, info);
    expect(notHub.json()).toMatchObject({ status_code: 2001 });
  });
});
