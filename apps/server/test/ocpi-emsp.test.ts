import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { authorizationHeader, emspToken, startOcpiEmsp, type OcpiEmsp } from './ocpi-emsp.js';
import { readText } from './standin-http.js';

// The OCPI eMSP stand-in checked against a tiny CPO written here (versions, credentials, a
// paginated locations sender, a commands receiver): its handshake both ways, its token checks, its
// pagination and its envelope, as the OCPI 2.2.1 text has them.

type Obj = Record<string, unknown>;

/** Just enough of a CPO: versions, details, credentials both ways, locations sender, commands. */
async function startTinyCpo(locationCount = 7) {
  const tokenA = randomBytes(8).toString('hex');
  const accepted = new Set([tokenA]);
  let emspToken: string | null = null; // the token this CPO uses to call the eMSP
  const seen: { method: string; path: string; token: string | null; headers: IncomingMessage['headers'] }[] =
    [];
  const locations = Array.from({ length: locationCount }, (_, i) => ({
    country_code: 'TR',
    party_id: 'VLT',
    id: `LOC${i + 1}`,
    last_updated: `2026-01-0${1 + (i % 3)}T00:00:00Z`,
  }));
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cpo`;
  const cpoRoles = [
    { role: 'CPO', business_details: { name: 'Tiny CPO' }, party_id: 'VLT', country_code: 'TR' },
  ];

  const send = (res: ServerResponse, req: IncomingMessage, http: number, body: Obj, headers: Obj = {}) => {
    res
      .writeHead(http, {
        'content-type': 'application/json',
        'x-request-id': String(req.headers['x-request-id'] ?? ''),
        'x-correlation-id': String(req.headers['x-correlation-id'] ?? ''),
        ...headers,
      } as Record<string, string>)
      .end(JSON.stringify({ ...body, timestamp: new Date().toISOString() }));
  };
  const call = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(url, {
      method,
      headers: {
        authorization: authorizationHeader(emspToken!),
        'x-request-id': randomBytes(4).toString('hex'),
        'x-correlation-id': randomBytes(4).toString('hex'),
        // Routing headers on functional modules only, never on versions and credentials.
        ...(/\/ocpi\/(versions|2\.2\.1(\/credentials)?)$/.test(new URL(url).pathname)
          ? {}
          : { 'ocpi-from-country-code': 'TR', 'ocpi-from-party-id': 'VLT' }),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, headers: r.headers, body: (await r.json()) as Obj };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readText(req);
    const url = new URL(req.url!, base);
    const m = /^Token (.+)$/.exec(req.headers.authorization ?? '');
    const token = m ? Buffer.from(m[1]!, 'base64').toString() : null;
    seen.push({ method: req.method!, path: url.pathname, token, headers: req.headers });
    if (!token || !accepted.has(token)) return send(res, req, 401, { status_code: 2000 });
    if (url.pathname === '/cpo/versions')
      return send(res, req, 200, { status_code: 1000, data: [{ version: '2.2.1', url: `${base}/2.2.1` }] });
    if (url.pathname === '/cpo/2.2.1')
      return send(res, req, 200, {
        status_code: 1000,
        data: {
          version: '2.2.1',
          endpoints: [
            { identifier: 'credentials', role: 'RECEIVER', url: `${base}/2.2.1/credentials` },
            { identifier: 'locations', role: 'SENDER', url: `${base}/2.2.1/locations` },
            { identifier: 'commands', role: 'RECEIVER', url: `${base}/2.2.1/commands` },
          ],
        },
      });
    if (url.pathname === '/cpo/2.2.1/credentials' && req.method === 'POST') {
      const c = JSON.parse(raw) as { token: string; url: string };
      emspToken = c.token;
      const versions = await call('GET', c.url);
      if (versions.status !== 200) return send(res, req, 400, { status_code: 3001 });
      accepted.delete(tokenA);
      const tokenC = randomBytes(8).toString('hex');
      accepted.add(tokenC);
      return send(res, req, 200, {
        status_code: 1000,
        data: { token: tokenC, url: `${base}/versions`, roles: cpoRoles },
      });
    }
    if (url.pathname === '/cpo/2.2.1/locations') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 3), 3);
      const page = locations.slice(offset, offset + limit);
      const headers: Obj = { 'x-total-count': String(locations.length), 'x-limit': '3' };
      if (offset + limit < locations.length) {
        const next = new URL(url);
        next.searchParams.set('offset', String(offset + limit));
        next.searchParams.set('limit', String(limit));
        headers.link = `<${next.toString()}>; rel="next"`;
      }
      return send(res, req, 200, { status_code: 1000, data: page }, headers);
    }
    const command = /^\/cpo\/2\.2\.1\/commands\/([A-Z_]+)$/.exec(url.pathname);
    if (command && req.method === 'POST') {
      const body = JSON.parse(raw) as { response_url: string };
      send(res, req, 200, { status_code: 1000, data: { result: 'ACCEPTED', timeout: 30 } });
      setTimeout(() => void call('POST', body.response_url, { result: 'ACCEPTED' }), 10);
      return;
    }
    send(res, req, 404, { status_code: 2000 });
  }

  return {
    versionsUrl: `${base}/versions`,
    tokenA,
    seen,
    cpoRoles,
    call,
    get emspToken() {
      return emspToken;
    },
    /** Registers this CPO with the eMSP, as Voltline does with a partner's token A. */
    async registerWith(versionsUrl: string, tokenA: string) {
      emspToken = tokenA;
      const tokenB = randomBytes(8).toString('hex');
      accepted.add(tokenB);
      const versions = await call('GET', versionsUrl);
      const details = await call('GET', (versions.body.data as { url: string }[])[0]!.url);
      const credentialsUrl = (
        details.body.data as { endpoints: { identifier: string; url: string }[] }
      ).endpoints.find((e) => e.identifier === 'credentials')!.url;
      const answer = await call('POST', credentialsUrl, {
        token: tokenB,
        url: `${base}/versions`,
        roles: cpoRoles,
      });
      if (answer.status === 200) emspToken = (answer.body.data as { token: string }).token;
      return { answer, credentialsUrl };
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const raw = (url: string, init: { method?: string; token?: string; rawAuth?: string; body?: unknown } = {}) =>
  fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.rawAuth
        ? { authorization: init.rawAuth }
        : init.token
          ? { authorization: authorizationHeader(init.token) }
          : {}),
      'x-request-id': 'r-1',
      'x-correlation-id': 'c-1',
      'ocpi-from-country-code': 'TR',
      'ocpi-from-party-id': 'VLT',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json()) as Obj }));

const location = (id: string, over: Obj = {}) => ({
  country_code: 'TR',
  party_id: 'VLT',
  id,
  publish: true,
  address: 'Büyükdere Cd. 1',
  city: 'İstanbul',
  country: 'TUR',
  coordinates: { latitude: '41.08000', longitude: '29.01000' },
  time_zone: 'Europe/Istanbul',
  evses: [
    {
      uid: `${id}-1`,
      status: 'AVAILABLE',
      connectors: [
        {
          id: '1',
          standard: 'IEC_62196_T2',
          format: 'SOCKET',
          power_type: 'AC_3_PHASE',
          max_voltage: 400,
          max_amperage: 32,
          last_updated: '2026-01-01T00:00:00Z',
        },
      ],
      last_updated: '2026-01-01T00:00:00Z',
    },
  ],
  last_updated: '2026-01-01T00:00:00Z',
  ...over,
});

let emsp: OcpiEmsp;
let cpo: Awaited<ReturnType<typeof startTinyCpo>>;
afterEach(async () => {
  await emsp?.close();
  await cpo?.close();
});

describe('OCPI eMSP stand-in', () => {
  it('registers with a CPO: token A for versions and credentials, its token B base64-encoded, then token C', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo();
    const c = await emsp.registerWith(cpo.versionsUrl, cpo.tokenA);
    expect(c.roles[0]).toMatchObject({ role: 'CPO', party_id: 'VLT', country_code: 'TR' });
    expect(emsp.peerToken).toBe(c.token);
    expect(emsp.peerToken).not.toBe(cpo.tokenA);
    // The CPO fetched the eMSP's versions during the POST with token B.
    expect(emsp.acceptedTokens).toEqual([cpo.emspToken]);
    const out = emsp.calls.filter((x) => x.direction === 'out');
    expect(
      out.map((x) => `${x.method} ${new URL(x.url).pathname} ${x.token === cpo.tokenA ? 'A' : 'other'}`),
    ).toEqual(['GET /cpo/versions A', 'GET /cpo/2.2.1 A', 'POST /cpo/2.2.1/credentials A']);
    const post = out[2]!;
    expect(post.requestHeaders['ocpi-from-party-id']).toBeUndefined();
    expect(post.requestHeaders.authorization).toBe(`Token ${Buffer.from(cpo.tokenA).toString('base64')}`);
    expect(post.requestHeaders['x-request-id']).toBeTruthy();
    expect(post.requestHeaders['x-correlation-id']).toBeTruthy();
    expect(post.body).toMatchObject({
      url: emsp.versionsUrl,
      roles: [
        {
          role: 'EMSP',
          party_id: 'EMS',
          country_code: 'NL',
          business_details: { name: 'Voltline test eMSP' },
        },
      ],
    });
    const incoming = emsp.calls.find((x) => x.direction === 'in')!;
    expect(incoming.status).toBe(200);
    expect(incoming.response).toMatchObject({
      status_code: 1000,
      data: [{ version: '2.2.1', url: emsp.detailsUrl }],
    });
    expect((incoming.response as { timestamp: string }).timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    // After the handshake the eMSP calls with token C, and its routing headers name both parties.
    await emsp.pullAll('locations');
    const pull = emsp.calls.at(-1)!;
    expect(pull.token).toBe(c.token);
    expect(pull.requestHeaders).toMatchObject({
      'ocpi-from-country-code': 'NL',
      'ocpi-from-party-id': 'EMS',
      'ocpi-to-country-code': 'TR',
      'ocpi-to-party-id': 'VLT',
    });
    expect(emsp.problems).toEqual([]);
  });

  it('is registered by a CPO with its token A once, answers token C, 405 on a second POST, and unregisters', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo();
    const tokenA = emsp.issueTokenA();
    const { answer, credentialsUrl } = await cpo.registerWith(emsp.versionsUrl, tokenA);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status_code: 1000,
      data: { url: emsp.versionsUrl, roles: [{ role: 'EMSP', party_id: 'EMS', country_code: 'NL' }] },
    });
    const tokenC = (answer.body.data as { token: string }).token;
    expect(tokenC).not.toBe(tokenA);
    expect(emsp.peer?.roles[0]?.party_id).toBe('VLT');
    expect(emsp.peer?.endpoints.map((e) => e.identifier)).toContain('locations');
    // The eMSP fetched the CPO's versions with the CPO's token B during the POST.
    expect(cpo.seen.filter((s) => s.path === '/cpo/versions').at(-1)?.token).toBe(emsp.peerToken);

    // Token A may no longer be used; the registered party may not POST again.
    expect((await raw(credentialsUrl, { method: 'POST', token: tokenA, body: {} })).status).toBe(401);
    const again = await raw(credentialsUrl, {
      method: 'POST',
      token: tokenC,
      body: { token: 'x', url: 'y', roles: [] },
    });
    expect(again.status).toBe(405);
    expect(again.body.status_code).toBe(2000);
    // GET answers the eMSP's credentials; DELETE unregisters, after which token C is refused.
    const mine = await raw(credentialsUrl, { token: tokenC });
    expect(mine.body).toMatchObject({ status_code: 1000, data: { token: tokenC } });
    expect((await raw(credentialsUrl, { method: 'DELETE', token: tokenC })).status).toBe(200);
    expect((await raw(credentialsUrl, { token: tokenC })).status).toBe(401);
    expect(emsp.peer).toBeNull();
  });

  it('refuses a missing, unknown or unencoded token with 401, and token A outside versions and credentials', async () => {
    emsp = await startOcpiEmsp();
    const tokenA = emsp.issueTokenA();
    const tokensUrl = emsp.moduleUrl('tokens');
    const none = await raw(emsp.versionsUrl);
    expect(none.status).toBe(401);
    expect(none.body.status_code).toBe(2000);
    expect(Date.parse(String(none.body.timestamp))).toBeGreaterThan(0);
    expect((await raw(emsp.versionsUrl, { token: 'nobody' })).status).toBe(401);
    expect((await raw(emsp.versionsUrl, { rawAuth: `Token ${tokenA}` })).status).toBe(401);
    expect(emsp.problems.some((p) => p.includes('base64'))).toBe(true);
    const versions = await raw(emsp.versionsUrl, { token: tokenA });
    expect(versions.status).toBe(200);
    expect(versions.headers.get('x-request-id')).toBe('r-1');
    expect(versions.headers.get('x-correlation-id')).toBe('c-1');
    // Configuration modules: "routing headers SHALL NOT be used with these modules".
    expect(versions.headers.get('ocpi-to-party-id')).toBeNull();
    const details = await raw(emsp.detailsUrl, { token: tokenA });
    expect(details.body.data).toMatchObject({ version: '2.2.1' });
    expect((details.body.data as { endpoints: { identifier: string; role: string }[] }).endpoints).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ identifier: 'locations', role: 'RECEIVER' }),
        expect.objectContaining({ identifier: 'tokens', role: 'SENDER' }),
        expect.objectContaining({ identifier: 'commands', role: 'SENDER' }),
      ]),
    );
    expect((await raw(tokensUrl, { token: tokenA })).status).toBe(401);
    // PUT and DELETE before registration: 405.
    const put = await raw(emsp.moduleUrl('credentials'), { method: 'PUT', token: tokenA, body: {} });
    expect(put.status).toBe(405);
  });

  it('pages its tokens with Link rel="next" over three pages, X-Total-Count, X-Limit and the filters kept', async () => {
    emsp = await startOcpiEmsp({ maxLimit: 2 });
    cpo = await startTinyCpo();
    const { answer } = await cpo.registerWith(emsp.versionsUrl, emsp.issueTokenA());
    const tokenC = (answer.body.data as { token: string }).token;
    for (let i = 1; i <= 6; i++)
      emsp.tokens.push(emspToken(emsp, `T${i}`, { last_updated: `2026-01-0${i}T00:00:00Z` }));
    let next: string | null = `${emsp.moduleUrl('tokens')}?date_from=2026-01-02T00:00:00Z&limit=10`;
    const pages: string[][] = [];
    while (next) {
      const r = await raw(next, { token: tokenC });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-total-count')).toBe('5');
      expect(r.headers.get('x-limit')).toBe('2');
      pages.push((r.body.data as { uid: string }[]).map((t) => t.uid));
      const link = r.headers.get('link');
      next = link ? /<([^>]+)>; rel="next"/.exec(link)![1]! : null;
      if (next) expect(new URL(next).searchParams.get('date_from')).toBe('2026-01-02T00:00:00Z');
    }
    expect(pages).toEqual([['T2', 'T3'], ['T4', 'T5'], ['T6']]);
    const bounded = await raw(`${emsp.moduleUrl('tokens')}?date_to=2026-01-03T00:00:00Z`, { token: tokenC });
    expect((bounded.body.data as { uid: string }[]).map((t) => t.uid)).toEqual(['T1', 'T2']);
  });

  it('pulls a CPO list to the end by its Link chain and checks the pagination headers', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo(7);
    await emsp.registerWith(cpo.versionsUrl, cpo.tokenA);
    const { items, pages } = await emsp.pullAll('locations', { limit: 3 });
    expect(items.map((l) => l.id)).toEqual(['LOC1', 'LOC2', 'LOC3', 'LOC4', 'LOC5', 'LOC6', 'LOC7']);
    expect(pages.map((p) => p.count)).toEqual([3, 3, 1]);
    expect(pages.every((p) => p.totalCount === 7 && p.limit === 3)).toBe(true);
    expect(emsp.problems).toEqual([]);
  });

  it('stores pushed locations, merges a PATCH with last_updated, and answers 2001 on invalid objects', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo();
    await cpo.registerWith(emsp.versionsUrl, emsp.issueTokenA());
    const url = `${emsp.moduleUrl('locations')}/TR/VLT/LOC1`;
    const first = await cpo.call('PUT', url, location('LOC1'));
    expect(first.status).toBe(201);
    expect(first.body.status_code).toBe(1000);
    expect((await cpo.call('PUT', url, location('LOC1'))).status).toBe(200);
    const bad = await cpo.call('PUT', url, location('LOC1', { coordinates: undefined }));
    // Valid JSON at an existing resource: no HTTP error, OCPI 2001.
    expect(bad.status).toBe(200);
    expect(bad.body.status_code).toBe(2001);
    expect(bad.body.status_message).toContain('coordinates');
    expect((await cpo.call('PUT', url, location('LOC2'))).body.status_code).toBe(2001);
    // A PATCH without last_updated is refused; with it, it merges.
    expect((await cpo.call('PATCH', `${url}/LOC1-1`, { status: 'CHARGING' })).body.status_code).toBe(2001);
    const patched = await cpo.call('PATCH', `${url}/LOC1-1`, {
      status: 'CHARGING',
      last_updated: '2026-01-02T10:00:00Z',
    });
    expect(patched.body.status_code).toBe(1000);
    const stored = emsp.locations.get('TR/VLT/LOC1') as { evses: Obj[]; last_updated: string };
    expect(stored.evses[0]).toMatchObject({ uid: 'LOC1-1', status: 'CHARGING', connectors: [{ id: '1' }] });
    expect(stored.last_updated).toBe('2026-01-02T10:00:00Z');
    // Another party's URL is not this connection's.
    expect(
      (await cpo.call('PUT', `${emsp.moduleUrl('locations')}/DE/XYZ/LOC1`, location('LOC1'))).status,
    ).toBe(404);
    // A tariff and its deletion.
    const tariff = {
      country_code: 'TR',
      party_id: 'VLT',
      id: 'T1',
      currency: 'TRY',
      elements: [{ price_components: [{ type: 'ENERGY', price: 9.5, step_size: 1 }] }],
      last_updated: '2026-01-01T00:00:00Z',
    };
    expect((await cpo.call('PUT', `${emsp.moduleUrl('tariffs')}/TR/VLT/T1`, tariff)).body.status_code).toBe(
      1000,
    );
    expect(emsp.tariffs.get('TR/VLT/T1')).toEqual(tariff);
    expect(
      (await cpo.call('PUT', `${emsp.moduleUrl('tariffs')}/TR/VLT/T1`, { ...tariff, elements: [] })).body
        .status_code,
    ).toBe(2001);
    expect((await cpo.call('DELETE', `${emsp.moduleUrl('tariffs')}/TR/VLT/T1`)).body.status_code).toBe(1000);
    expect(emsp.tariffs.size).toBe(0);
  });

  it('answers a posted CDR with its Location, from which it can be read', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo();
    await cpo.registerWith(emsp.versionsUrl, emsp.issueTokenA());
    const cdr = {
      country_code: 'TR',
      party_id: 'VLT',
      id: 'CDR1',
      start_date_time: '2026-01-01T10:00:00Z',
      end_date_time: '2026-01-01T11:00:00Z',
      cdr_token: { country_code: 'NL', party_id: 'EMS', uid: 'T1', type: 'RFID', contract_id: 'NL-EMS-C1' },
      auth_method: 'WHITELIST',
      cdr_location: {
        id: 'LOC1',
        address: 'Büyükdere Cd. 1',
        city: 'İstanbul',
        country: 'TUR',
        coordinates: { latitude: '41.08000', longitude: '29.01000' },
        evse_uid: 'LOC1-1',
        evse_id: 'TR*VLT*E1',
        connector_id: '1',
        connector_standard: 'IEC_62196_T2',
        connector_format: 'SOCKET',
        connector_power_type: 'AC_3_PHASE',
      },
      currency: 'TRY',
      charging_periods: [
        { start_date_time: '2026-01-01T10:00:00Z', dimensions: [{ type: 'ENERGY', volume: 10 }] },
      ],
      total_cost: { excl_vat: 95 },
      total_energy: 10,
      total_time: 1,
      last_updated: '2026-01-01T11:00:00Z',
    };
    const posted = await cpo.call('POST', emsp.moduleUrl('cdrs'), cdr);
    expect(posted.status).toBe(201);
    expect(posted.body.status_code).toBe(1000);
    const where = posted.headers.get('location')!;
    expect((await cpo.call('GET', where)).body.data).toEqual(cdr);
    const { total_cost: _, ...noCost } = cdr;
    expect((await cpo.call('POST', emsp.moduleUrl('cdrs'), { ...noCost, id: 'CDR2' })).body.status_code).toBe(
      2001,
    );
  });

  it('authorizes its tokens in real time as the test sets, 2004 for an unknown token', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo();
    await cpo.registerWith(emsp.versionsUrl, emsp.issueTokenA());
    emsp.tokens.push(emspToken(emsp, 'T1'), emspToken(emsp, 'T2'));
    emsp.setAuthorization('T2', { allowed: 'BLOCKED', delayMs: 50 });
    const url = (uid: string) => `${emsp.moduleUrl('tokens')}/${uid}/authorize?type=RFID`;
    const allowed = await cpo.call('POST', url('T1'), { location_id: 'LOC1' });
    expect(allowed.body.data).toMatchObject({
      allowed: 'ALLOWED',
      token: { uid: 'T1' },
      location: { location_id: 'LOC1' },
    });
    const started = Date.now();
    expect((await cpo.call('POST', url('T2'))).body.data).toMatchObject({ allowed: 'BLOCKED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const unknown = await cpo.call('POST', url('T9'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.status_code).toBe(2004);
    expect(unknown.body.data).toBeUndefined();
    emsp.setAuthorization('T1', { allowed: 'ALLOWED', needsLocation: true });
    expect((await cpo.call('POST', url('T1'))).body.status_code).toBe(2002);
  });

  it('sends a command with a response_url and records the CommandResult the CPO posts there', async () => {
    emsp = await startOcpiEmsp();
    cpo = await startTinyCpo();
    await emsp.registerWith(cpo.versionsUrl, cpo.tokenA);
    const sent = await emsp.startSession({
      token: emspToken(emsp, 'T1'),
      locationId: 'LOC1',
      evseUid: 'LOC1-1',
    });
    expect(sent.answer.envelope.data).toEqual({ result: 'ACCEPTED', timeout: 30 });
    expect(await emsp.waitForCommandResult(sent.id)).toEqual({ result: 'ACCEPTED' });
    const request = emsp.calls.find(
      (c) => c.direction === 'out' && c.url.endsWith('/commands/START_SESSION'),
    )!;
    expect(request.body).toMatchObject({
      response_url: sent.responseUrl,
      location_id: 'LOC1',
      evse_uid: 'LOC1-1',
    });
    expect(emsp.problems).toEqual([]);
  });
});
