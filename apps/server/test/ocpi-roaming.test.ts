import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoamingIdentity, RoamingInvitation, RoamingPartner } from '@voltline/contract';
import { eq } from 'drizzle-orm';
import { chargePoints, connectors, roamingPartners } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { connectClient, registerChargePoint, until, type Client } from './ocpp-helper.js';
import { authorizationHeader, startOcpiEmsp, type OcpiEmsp } from './ocpi-emsp.js';
import { freePort, roamingTariff } from './roaming-world.js';

// Issue #31: Voltline's OCPI 2.2.1 side (CPO) against the test eMSP, which is written from the
// OCPI text alone (test/ocpi-emsp.ts). A real server on a port: the eMSP calls it over HTTP, and it
// calls the eMSP back. Whatever the eMSP sees against the text is in its `problems`.

let t: TestApp;
let admin: string;
let base: string;
let identity: RoamingIdentity;
let operatorId: number;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUBLIC_URL: base, OCPI_ALLOW_PRIVATE: 'true', OCPI_TIMEOUT_SECONDS: '3' });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await t.login('admin@voltline.local');
  identity = (
    await t.call<{ data: RoamingIdentity }>('GET', '/api/portal/Roaming/identity', { token: admin })
  ).body.data;
  const ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  operatorId = ops.find((o) => o.name === 'Voltline İstanbul')!.id;
});
afterAll(() => t.close());

const partners = async () =>
  (await t.call<{ data: RoamingPartner[] }>('GET', '/api/portal/Roaming/partners', { token: admin })).body
    .data;

const ocpiGet = (url: string, authorization?: string) =>
  fetch(url, {
    headers: {
      ...(authorization ? { authorization } : {}),
      'x-request-id': 'probe-1',
      'x-correlation-id': 'probe-c',
    },
  }).then(async (r) => ({
    status: r.status,
    headers: r.headers,
    body: (await r.json()) as Record<string, unknown>,
  }));

describe('OCPI 2.2.1 handshake with the test eMSP', () => {
  let emsp: OcpiEmsp;
  afterAll(() => emsp?.close());

  it('the eMSP registers with Voltline using an invitation’s token A; token A is then refused', async () => {
    emsp = await startOcpiEmsp({ name: 'Probe eMSP one' });
    const invited = await t.call<{ data: RoamingInvitation }>('POST', '/api/portal/Roaming/partners/invite', {
      token: admin,
      body: { operatorId, name: 'Probe eMSP one', publishedOperatorIds: [operatorId] },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const { tokenA, versionsUrl } = invited.body.data;
    expect(versionsUrl).toBe(`${base}/ocpi/versions`);

    const c = await emsp.registerWith(versionsUrl, tokenA);
    expect(c.url).toBe(versionsUrl);
    expect(c.roles).toEqual([
      expect.objectContaining({
        role: 'CPO',
        country_code: identity.countryCode,
        party_id: identity.partyId,
      }),
    ]);
    expect(c.token).not.toBe(tokenA);
    // Voltline fetched the eMSP's versions and details with token B during the POST.
    const inbound = emsp.calls.filter((x) => x.direction === 'in').map((x) => new URL(x.url).pathname);
    expect(inbound).toEqual(['/ocpi/versions', '/ocpi/2.2.1']);
    expect(emsp.problems).toEqual([]);

    const partner = (await partners()).find((p) => p.name === 'Probe eMSP one')!;
    expect(partner).toMatchObject({ state: 'registered', countryCode: 'NL', partyId: 'EMS', role: 'EMSP' });

    // "CREDENTIALS_TOKEN_A ... MAY no longer be used"; token C works.
    expect((await ocpiGet(versionsUrl, authorizationHeader(tokenA))).status).toBe(401);
    const withC = await ocpiGet(versionsUrl, authorizationHeader(c.token));
    expect(withC.status).toBe(200);
    expect(withC.headers.get('x-request-id')).toBe('probe-1');
    expect(withC.headers.get('x-correlation-id')).toBe('probe-c');
  });

  it('refuses a missing, unknown or unencoded credentials token with 401 and an envelope', async () => {
    const url = `${base}/ocpi/versions`;
    // (Voltline also takes its token unencoded, as the text's NOTE allows for 2.1.1/2.2 peers.)
    for (const auth of [undefined, authorizationHeader('nobody-knows-this'), 'Bearer x']) {
      const r = await ocpiGet(url, auth);
      expect(r.status, String(auth)).toBe(401);
      expect(r.body.status_code).toBeGreaterThanOrEqual(2000);
      expect(typeof r.body.timestamp).toBe('string');
    }
    // A second POST by the registered party: "MUST return a HTTP status code 405".
    const again = await emsp.send('POST', `${base}/ocpi/2.2.1/credentials`, {
      token: 'x'.repeat(20),
      url: emsp.versionsUrl,
      roles: [{ role: 'EMSP', business_details: { name: 'x' }, party_id: 'EMS', country_code: 'NL' }],
    });
    expect(again.status).toBe(405);
  });

  it('updates its credentials with a PUT and unregisters with a DELETE', async () => {
    const before = emsp.peerToken;
    const c = await emsp.updateCredentials();
    expect(c.token).not.toBe(before);
    expect((await ocpiGet(`${base}/ocpi/versions`, authorizationHeader(before!))).status).toBe(401);
    const gone = await emsp.unregister();
    expect(gone.status).toBe(200);
    expect((await ocpiGet(`${base}/ocpi/versions`, authorizationHeader(c.token))).status).toBe(401);
    expect((await partners()).find((p) => p.name === 'Probe eMSP one')?.state).toBe('unregistered');
    expect(emsp.problems).toEqual([]);
  });

  it('Voltline registers with the eMSP given its versions URL and token A, through the portal', async () => {
    const other = await startOcpiEmsp({ partyId: 'EMT', name: 'Probe eMSP two' });
    try {
      const tokenA = other.issueTokenA();
      const r = await t.call<{ data: RoamingPartner }>('POST', '/api/portal/Roaming/partners/register', {
        token: admin,
        body: {
          operatorId,
          name: 'Probe eMSP two',
          publishedOperatorIds: [operatorId],
          versionsUrl: other.versionsUrl,
          tokenA,
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ state: 'registered', countryCode: 'NL', partyId: 'EMT' });
      const post = other.calls.find((x) => x.direction === 'in' && x.method === 'POST')!;
      expect(post.token).toBe(tokenA);
      expect(post.status).toBe(200);
      expect(other.peer?.roles).toEqual([
        expect.objectContaining({
          role: 'CPO',
          country_code: identity.countryCode,
          party_id: identity.partyId,
        }),
      ]);
      // The eMSP then calls Voltline with the token B it was given, and Voltline uses token C.
      const withB = await ocpiGet(`${base}/ocpi/versions`, authorizationHeader(other.peerToken!));
      expect(withB.status).toBe(200);
      // Voltline called with token A only: versions, details, then the credentials POST.
      const inbound = other.calls.filter((x) => x.direction === 'in');
      expect(inbound.map((x) => `${x.method} ${new URL(x.url).pathname}`)).toEqual([
        'GET /ocpi/versions',
        'GET /ocpi/2.2.1',
        'POST /ocpi/2.2.1/credentials',
      ]);
      expect(inbound.every((x) => x.token === tokenA)).toBe(true);
      // Token A is spent; the eMSP's token C opens it.
      expect((await ocpiGet(other.versionsUrl, authorizationHeader(tokenA))).status).toBe(401);
      expect((await ocpiGet(other.versionsUrl, authorizationHeader(other.acceptedTokens[0]!))).status).toBe(
        200,
      );
      expect(other.problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('locations and tariffs with the test eMSP', () => {
  let emsp: OcpiEmsp;
  let partnerId: number;
  let charger: Client;
  let url: string;
  const cps: { id: number; chargePointId: string }[] = [];
  afterAll(async () => {
    await charger?.close({ force: true }).catch(() => undefined);
    await emsp?.close();
  });

  beforeAll(async () => {
    url = `ws://127.0.0.1:${new URL(base).port}/ocpp`;
    const db = t.database.db;
    const tariffId = await roamingTariff(t, operatorId, 'Roaming probe tariff');
    for (const n of [1, 2, 3]) {
      const cp = await registerChargePoint(t, `ROAM-${n}`, 'roaming-probe-pass');
      await db
        .update(chargePoints)
        .set({
          latitude: 41.01 + n / 100,
          longitude: 28.97,
          city: 'İstanbul',
          countryCode: 'TR',
          addressLine1: `Probe ${n}`,
        })
        .where(eq(chargePoints.id, cp.id));
      await db
        .update(connectors)
        .set({ tariffId: tariffId, connectorType: 'Type 2' })
        .where(eq(connectors.chargePointId, cp.id));
      cps.push(cp);
    }
    // A sibling's charge point, never shown to a partner of İstanbul.
    const ankara = await registerChargePoint(t, 'ROAM-ANK', 'roaming-probe-pass', 'Voltline Ankara');
    await db
      .update(chargePoints)
      .set({ latitude: 39.9, longitude: 32.8 })
      .where(eq(chargePoints.id, ankara.id));

    emsp = await startOcpiEmsp({ partyId: 'PLL', name: 'Pull eMSP' });
    const invitation = await t.call<{ data: RoamingInvitation }>(
      'POST',
      '/api/portal/Roaming/partners/invite',
      {
        token: admin,
        body: { operatorId, name: 'Pull eMSP', publishedOperatorIds: [operatorId] },
      },
    );
    partnerId = invitation.body.data.partner.id;
    await emsp.registerWith(invitation.body.data.versionsUrl, invitation.body.data.tokenA);
  });

  it('pulls every published location page by page, with EVSEs, connectors and tariffs, and nothing of a sibling', async () => {
    const { items, pages } = await emsp.pullAll<{
      id: string;
      evses: {
        uid: string;
        evse_id: string;
        status: string;
        connectors: { standard: string; tariff_ids?: string[] }[];
      }[];
    }>('locations', { limit: 2 });
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]!.totalCount).toBe(items.length);
    const ids = items.map((l) => l.id);
    for (const cp of cps) expect(ids).toContain(String(cp.id));
    expect(JSON.stringify(items)).not.toContain('ROAM-ANK');
    const one = items.find((l) => l.id === String(cps[0]!.id))!;
    expect(one.evses).toHaveLength(2);
    expect(one.evses[0]!.status).toBe('UNKNOWN');
    expect(one.evses[0]!.connectors[0]!.standard).toBe('IEC_62196_T2');

    const single = await emsp.get(
      `${emsp.endpointOf('locations', 'SENDER')}/${cps[0]!.id}/${one.evses[0]!.uid}`,
    );
    expect(single.envelope).toMatchObject({ status_code: 1000, data: { uid: one.evses[0]!.uid } });
    const unknown = await emsp.get(`${emsp.endpointOf('locations', 'SENDER')}/999999`);
    expect(unknown.status).toBe(404);

    const tariffList = await emsp.pullAll<{ id: string; currency: string; elements: unknown[] }>('tariffs');
    const tariffId = one.evses[0]!.connectors[0]!.tariff_ids![0]!;
    const tariff = tariffList.items.find((x) => x.id === tariffId)!;
    expect(tariff.currency).toBe('TRY');
    expect(emsp.problems).toEqual([]);
  });

  it('is pushed the locations and tariffs, then an EVSE’s new status within a pass of the charger’s report', async () => {
    const services = t.app.services;
    await services.roamingPusher.run();
    const key = (cp: { id: number }) => `${identity.countryCode}/${identity.partyId}/${cp.id}`;
    expect(emsp.locations.has(key(cps[0]!))).toBe(true);
    expect([...emsp.tariffs.values()].some((x) => x.currency === 'TRY')).toBe(true);

    charger = await connectClient(url, 'ROAM-1', 'roaming-probe-pass');
    await charger.call('BootNotification', { chargePointVendor: 'Probe', chargePointModel: 'Roam' });
    // The boot changes the location (vendor, model, connection): a pass sends it first, so the
    // status that follows is a status change alone, sent as a PATCH.
    await services.roamingPusher.run();
    const before = emsp.calls.length;
    await charger.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
    const evseStatus = () => {
      const location = emsp.locations.get(key(cps[0]!)) as {
        evses: { physical_reference?: string; status: string }[];
      };
      return location.evses.find((e) => e.physical_reference === '1')?.status;
    };
    await until(async () => {
      await services.roamingPusher.run();
      return evseStatus() === 'CHARGING' ? true : undefined;
    });
    const patch = emsp.calls.slice(before).find((c) => c.direction === 'in' && c.method === 'PATCH');
    expect(patch).toBeDefined();
    expect(emsp.problems).toEqual([]);
  });

  it('keeps what it could not push while the partner is down, and sends it when the partner is back', async () => {
    const services = t.app.services;
    const db = t.database.db;
    const [row] = await db.select().from(roamingPartners).where(eq(roamingPartners.id, partnerId));
    const down = row!.endpoints.map((e) => ({ ...e, url: e.url.replace(/:\d+\//, ':9/') }));
    await db.update(roamingPartners).set({ endpoints: down }).where(eq(roamingPartners.id, partnerId));
    await charger.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
    await until(async () => {
      await services.roamingPusher.run();
      const [p] = await db.select().from(roamingPartners).where(eq(roamingPartners.id, partnerId));
      return p!.pushFailures > 0 ? p : undefined;
    });
    const shown = await t.call<{ data: RoamingPartner }>('GET', `/api/portal/Roaming/partners/${partnerId}`, {
      token: admin,
    });
    expect(shown.body.data.lastErrors[0]!.message).toMatch(/did not answer/);
    // The partner is back (and the back-off has passed): the status it missed arrives.
    await db
      .update(roamingPartners)
      .set({ endpoints: row!.endpoints, pushRetryAt: null })
      .where(eq(roamingPartners.id, partnerId));
    await until(async () => {
      await services.roamingPusher.run();
      const location = emsp.locations.get(`${identity.countryCode}/${identity.partyId}/${cps[0]!.id}`) as {
        evses: { physical_reference?: string; status: string }[];
      };
      return location.evses.find((e) => e.physical_reference === '1')?.status === 'CHARGING'
        ? undefined
        : true;
    });
  });
});
