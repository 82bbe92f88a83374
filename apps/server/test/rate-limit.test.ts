import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes, type DeclaredRoute } from '../src/plugins/auth.js';
import { createTestApp, type TestApp } from './helper.js';

// The API is limited per address whatever case a path is written in: the router matches
// `/API/...` and `/Api/...` as `/api/...`, so the limiter counts by the route it matched.

const PER_MINUTE = 2;
/** The sign-in and reset routes' own, tighter limit (auth.routes.ts). */
const STRICT = 30;

let t: TestApp;
let routes: readonly DeclaredRoute[];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
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

  it('leaves the portal files and the health check outside the limit', async () => {
    const remoteAddress = nextAddress();
    for (let i = 0; i < PER_MINUTE + 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/does-not-exist.js', remoteAddress });
      expect(res.statusCode).toBe(404);
    }
  });
});
