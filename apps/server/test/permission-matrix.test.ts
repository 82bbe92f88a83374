import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, can, type Area, type Role } from '@voltline/contract';
import { declaredRoutes } from '../src/plugins/auth.js';
import { createTestApp, type TestApp } from './helper.js';

// The role table is law: every route the API has, asked by every role, answers 403 exactly where
// the table withholds the route's permission. The routes come from the app itself, so a new route
// is in the matrix the day it is added.

let t: TestApp;
const tokens = new Map<Role, string>();
const EMAIL: Record<Role, string> = {
  Admin: 'admin@voltline.local',
  'Main Operator': 'main@voltline.local',
  Finance: 'finance@voltline.local',
  'Technical Support': 'support@voltline.local',
  'Site Safety Officer': 'safety@voltline.local',
  CallCenter: 'callcenter@voltline.local',
};

beforeAll(async () => {
  // Every route for every role from one address: refused requests count against the rate limit.
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  for (const role of ROLES) tokens.set(role, await t.login(EMAIL[role]));
});
afterAll(() => t.close());

/** A concrete URL for a route: ids no record has, so an allowed call changes nothing. */
const concrete = (url: string) =>
  url.replace(/:(\w*[iI]d|id)\b/g, '999999').replace(/:\w+/g, 'NO-SUCH-THING');

/**
 * What each part of the API needs, written here independently of the routes: the area by path,
 * read for GET and for POST queries (…Dynamic, …Excel), write otherwise. A route whose declared
 * permission differs, or that no line covers, fails the matrix.
 */
const AREAS: [RegExp, Area | 'signedIn' | 'public'][] = [
  [/^\/api\/health(\/(live|ready))?$/, 'public'],
  [
    /^\/api\/portal\/(Auth\/(login|forgot|register)|User\/forgotchangepassword|auth\/refreshToken|config)$/,
    'public',
  ],
  [/^\/api\/(portal\/Auth\/me|auth\/logout|portal\/operator\/lookup)$/, 'signedIn'],
  [/^\/api\/portal\/(Brand|Country|Enum)\b/, 'signedIn'],
  [/^\/api\/ocpp\/RemoteTrigger\//, 'commands'],
  [/^\/api\/portal\/ChargePoint\/:id\/commands$/, 'commands'],
  [/^\/api\/messageTrace\/OcppLogs\//, 'logs'],
  [/^\/api\/portal\/Ftp\/(GetLogs|Diagnostics|DiagnosticsRetention)\b/, 'logs'],
  [/^\/api\/messageTrace\/MaintenanceLogs\b/, 'logs'],
  [/^\/api\/messageTrace\/SecurityEvents\b/, 'logs'],
  [/^\/api\/portal\/AuditLogs\//, 'auditLogs'],
  [
    /^\/api\/portal\/(Ftp\/(GetFirmwares|UploadFirmware|Firmware\/)|Firmware\/|ChargePoint\/GetFirmware)/,
    'firmware',
  ],
  [/^\/api\/portal\/(ChargePoint|Profile|connector|Analytics\/(Chargepoint|Connector))\b/, 'chargePoints'],
  [/^\/api\/portal\/(Driver|driver|Operator\/getDriversByOperatorId)\b/, 'drivers'],
  [/^\/api\/portal\/(Operator|operator)\b/, 'operators'],
  [/^\/api\/(portal\/Payment|Payment)\b/, 'payments'],
  [/^\/api\/portal\/Transaction\b/, 'sessions'],
  [/^\/api\/portal\/analytics\b/, 'dashboards'],
  [/^\/api\/portal\/tariff\b/, 'tariffs'],
  [/^\/api\/portal\/booking\b/, 'bookings'],
  [/^\/api\/portal\/SmartCharging\b/, 'smartCharging'],
  [/^\/api\/portal\/user\b/, 'users'],
];

function expectedPermission(method: string, url: string): string | undefined {
  const area = AREAS.find(([re]) => re.test(url))?.[1];
  if (!area || area === 'public' || area === 'signedIn') return area;
  if (area === 'commands') return method === 'GET' ? 'commands:read' : 'commands:write';
  if (url.endsWith('/Payment/refund')) return 'payments:refund';
  // The maintenance log's and the security events' network lists are POST queries at the list's
  // own path (spec §7 Logs).
  const query =
    method === 'GET' ||
    (method === 'POST' &&
      /(Dynamic|Excel|GetPaymentTransactions|GetLogs|MaintenanceLogs|SecurityEvents|compositeSchedules)(\/:\w+)?$/.test(
        url,
      ));
  return `${area}:${query ? 'read' : 'write'}`;
}

describe('the permission matrix', () => {
  it('gives every route the permission of its area, and covers every route', () => {
    const wrong = declaredRoutes(t.app)
      .map((r) => ({
        route: `${r.method} ${r.url}`,
        declared: r.permission,
        expected: expectedPermission(r.method, r.url),
      }))
      .filter((r) => r.declared !== r.expected);
    expect(wrong).toEqual([]);
  });

  it('covers the whole API', () => {
    const routes = declaredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(60);
    expect(
      routes.filter((r) => r.permission !== 'public' && r.permission !== 'signedIn').length,
    ).toBeGreaterThan(50);
  });

  it('answers every route, for every role, 403 exactly where the role table says', async () => {
    const wrong: string[] = [];
    const guarded = declaredRoutes(t.app).filter(
      (r) => r.permission !== 'public' && r.permission !== 'signedIn' && !r.url.includes('/Auth/logout'),
    );
    for (const route of guarded) {
      for (const role of ROLES) {
        const permission = route.permission as Parameters<typeof can>[1];
        const allowed = can([role], permission);
        const r = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        const refused = r.statusCode === 403;
        if (refused === allowed || r.statusCode === 401 || r.statusCode >= 500) {
          wrong.push(`${role}: ${route.method} ${route.url} (${permission}) → ${r.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Hundreds of requests in turn: on a busy machine more than the default 30 s.
  }, 180_000);

  it('refuses every guarded route without a token, and lets a signed-in route through for every role', async () => {
    const routes = declaredRoutes(t.app);
    for (const route of routes.filter((r) => r.permission !== 'public')) {
      const r = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect({ route: `${route.method} ${route.url}`, status: r.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
    for (const route of routes.filter((r) => r.permission === 'signedIn' && r.method === 'GET')) {
      for (const role of ROLES) {
        const r = await t.app.inject({
          method: 'GET',
          url: concrete(route.url),
          headers: { authorization: `Bearer ${tokens.get(role)}` },
        });
        expect([401, 403]).not.toContain(r.statusCode);
      }
    }
  });
});
