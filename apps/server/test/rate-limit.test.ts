import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes, type DeclaredRoute } from '../src/plugins/auth.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helper.js';

// The API is limited per address whatever case a path is written in: the router matches
// `/API/...` and `/Api/...` as `/api/...`, so the limiter counts by the route it matched.

const PER_MINUTE = 2;
/** The sign-in and reset routes' own, tighter limit (auth.routes.ts). */
const STRICT = 30;

let t: TestApp;
let routes: readonly DeclaredRoute[];
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    // Open data has a limit of its own, set here to the API's for the walk over every route.
    OPEN_DATA_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
  });
  routes = declaredRoutes(t.app);
});
afterAll(() => t.close());

/** The route's path with its parameters filled, written in one of three cases. */
function pathOf(route: DeclaredRoute, variant: number): string {
  const path = route.url.replace(/:\w+/g, '1').replace(/\*/g, 'x');
  if (variant === 0) return path;
  if (variant === 1) return path.toUpperCase();
  return path.replace(/(^|\/)(\w)/g, (_, slash: string, c: string) => slash + c.toUpperCase());
}

let address = 0;
/** A fresh client address, so that each route starts with its own allowance. */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const ask = (route: DeclaredRoute, variant: number, remoteAddress: string) =>
  t.app.inject({ method: route.method as 'GET', url: pathOf(route, variant), remoteAddress });

const strict = (route: DeclaredRoute) =>
  /\/portal\/(Auth\/(login|forgot|register|register\/confirm)|User\/forgotchangepassword)$/.test(route.url);

describe('rate limit', () => {
  it('counts every limited route the same in any case, signed in or not', async () => {
    expect(routes.length).toBeGreaterThan(50);
    const unlimited: string[] = [];
    for (const route of routes) {
      const remoteAddress = nextAddress();
      const max = strict(route) ? STRICT : PER_MINUTE;
      for (let i = 0; i < max; i++) await ask(route, i % 2, remoteAddress);
      const over = await ask(route, 2, remoteAddress);
      if (over.statusCode !== 429) unlimited.push(`${route.method} ${pathOf(route, 2)} → ${over.statusCode}`);
      else expect(over.json()).toMatchObject({ code: 'rate_limited' });
    }
    expect(unlimited).toEqual([]);
  });

  it('stops password-reset mails through an upper-case path at the strict limit', async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < STRICT + 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: i % 2 ? '/API/portal/Auth/forgot' : '/api/PORTAL/auth/FORGOT',
        remoteAddress,
        payload: { email: 'admin@voltline.local' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(STRICT);
    expect(statuses.slice(STRICT)).toEqual([429, 429, 429, 429, 429]);
  });

  it('counts made-up API keys by the address, on guarded and public routes alike', async () => {
    const authorization = `Bearer vl_live_${'x'.repeat(43)}`;
    for (const url of ['/api/portal/Payment/GetPaymentTransactions', '/api/portal/config']) {
      const remoteAddress = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < PER_MINUTE + 1; i++) {
        const method = url.endsWith('config') ? 'GET' : 'POST';
        statuses.push(
          (await t.app.inject({ method, url, remoteAddress, headers: { authorization } })).statusCode,
        );
      }
      expect(statuses.at(-1)).toBe(429);
    }
  });

  it('counts a valid API key by its own limit, not by the address it calls from', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/portal/Auth/login',
      remoteAddress: nextAddress(),
      payload: { Email: 'admin@voltline.local', Password: DEMO_PASSWORD },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/portal/integrations/apiKeys',
      remoteAddress: nextAddress(),
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: 'Rate probe',
        operatorId: 1,
        role: 'Finance',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const secret = created.json<{ data: { secret: string } }>().data.secret;
    const remoteAddress = nextAddress();
    const url = '/api/portal/Payment/GetPaymentTransactions';
    for (let i = 0; i < PER_MINUTE; i++) await t.app.inject({ method: 'POST', url, remoteAddress });
    expect((await t.app.inject({ method: 'POST', url, remoteAddress })).statusCode).toBe(429);
    const withKey = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { authorization: `Bearer ${secret}` },
      payload: {},
    });
    expect(withKey.statusCode).toBe(200);
  });

  it('leaves the portal files and the health check outside the limit', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < PER_MINUTE + 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/does-not-exist.js', remoteAddress });
      expect(res.statusCode).toBe(404);
    }
  });
});
