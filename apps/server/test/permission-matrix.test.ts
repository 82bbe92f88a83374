import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_PERMISSIONS,
  ROLES,
  can,
  type Area,
  type CommandName,
  type Permission,
  type Role,
} from '@voltline/contract';
import { declaredRoutes, type DeclaredRoute } from '../src/plugins/auth.js';
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
  // Thousands of requests from one address: above the rate limit's default.
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '10000000' });
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
  // Open data (AFIR Art. 20): published charging locations and tariffs, read by anyone.
  [/^\/api\/public\/(locations(\/:id)?|tariffs)$/, 'public'],
  [
    /^\/api\/portal\/(Auth\/(login|forgot|register(\/confirm)?)|User\/forgotchangepassword|auth\/refreshToken|config)$/,
    'public',
  ],
  [/^\/api\/(portal\/Auth\/me|auth\/logout|portal\/operator\/lookup)$/, 'signedIn'],
  [/^\/api\/portal\/(Brand|Country|Enum)\b/, 'signedIn'],
  [/^\/api\/ocpp\/RemoteTrigger\//, 'commands'],
  [/^\/api\/portal\/ChargePoint\/:id\/commands$/, 'commands'],
  // One command to many chargers is a remote command to each (bulk actions on the list).
  [/^\/api\/portal\/ChargePoint\/Bulk\/commands$/, 'commands'],
  [/^\/api\/portal\/Command\/:id\/remoteStartOutcome$/, 'commands'],
  // The header's search: every signed-in user; each kind of record answers to its own read permission.
  [/^\/api\/portal\/Search$/, 'signedIn'],
  // One display message to several chargers is a remote command to each.
  [/^\/api\/portal\/DisplayMessages$/, 'commands'],
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
  // The event feed for systems that pull (issue #32).
  [/^\/api\/events$/, 'integrations'],
  [/^\/api\/portal\/integrations\/apiKeys\b/, 'integrations'],
  [/^\/api\/portal\/Webhooks\b/, 'integrations'],
  [/^\/api\/portal\/Alerts\b/, 'alerts'],
  // A charge point's publication is part of its page.
  [/^\/api\/portal\/Roaming\/chargePoints\b/, 'chargePoints'],
  [/^\/api\/portal\/Roaming\b/, 'roaming'],
  // The monthly uptime report reads like the dashboards; excluded downtime is the charge point's.
  [/^\/api\/portal\/uptime\/report\b/, 'dashboards'],
  [/^\/api\/portal\/uptime-exclusions\b/, 'chargePoints'],
];

function expectedPermission(method: string, url: string): string | undefined {
  const area = AREAS.find(([re]) => re.test(url))?.[1];
  if (!area || area === 'public' || area === 'signedIn') return area;
  if (area === 'commands') return method === 'GET' ? 'commands:read' : 'commands:write';
  if (url.endsWith('/Payment/refund')) return 'payments:refund';
  // A 2.0.1 charger's device model is its configuration: read and changed by those who may send it
  // commands, as 1.6's GetConfiguration and ChangeConfiguration are.
  if (/\/DeviceModel(\/\w+)?$/.test(url)) return 'commands:write';
  // Asking a charger for the profiles it holds (K09) is a remote command; reading its answer is not.
  if (method === 'POST' && /\/chargingProfiles\/report$/.test(url)) return 'commands:write';
  // Installation-wide settings are Admin's alone (roles.ts), whatever the area says.
  if (method === 'PUT' && url.endsWith('/Ftp/DiagnosticsRetention')) return 'installation:write';
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

/**
 * What a route needs beyond its area's permission, written here from the contract: a remote
 * command its own area's (firmware, bookings...), the raw console `commands:raw`, raising a
 * security profile or setting network connection profiles commands:write.
 */
function expectedAlsoNeeds(method: string, url: string): readonly Permission[] {
  // The raw command console: any request, so a permission of its own (Admin, Technical Support).
  if (url === '/api/ocpp/RemoteTrigger/call') return ['commands:raw'];
  const command = /^\/api\/ocpp\/RemoteTrigger\/(\w+)$/.exec(url)?.[1] as CommandName | undefined;
  if (command) return COMMAND_PERMISSIONS[command];
  if (method === 'POST' && url.endsWith('/SecurityProfile')) return ['commands:write'];
  // A driver's monthly statement lists their sessions.
  if (method === 'GET' && /\/Driver\/:id\/statement$/.test(url)) return ['sessions:read'];
  // A 2.0.1 charger's network connection profiles (B09, B10) change its setup by remote commands.
  if (method === 'POST' && /\/NetworkProfile(\/priority)?$/.test(url)) return ['commands:write'];
  // A 2.0.1 charger's monitors (N02-N06) are changed by remote commands; reading them is the charger's.
  if (method !== 'GET' && /\/ChargePoint\/:id\/(monitors|monitoring)\b/.test(url)) return ['commands:write'];
  return [];
}

/** Whether the role table lets a role call a route: its permission and any it also needs. */
const mayCall = (role: Role, route: DeclaredRoute) =>
  [route.permission as Permission, ...expectedAlsoNeeds(route.method, route.url)].every((p) =>
    can([role], p),
  );

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

  it('declares what a route needs beyond its area as the contract says', () => {
    const wrong = declaredRoutes(t.app)
      .map((r) => ({
        route: `${r.method} ${r.url}`,
        declared: [...r.alsoNeeds],
        expected: [...expectedAlsoNeeds(r.method, r.url)],
      }))
      .filter((r) => JSON.stringify(r.declared) !== JSON.stringify(r.expected));
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
        const allowed = mayCall(role, route);
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

describe('permission before validation', () => {
  // A caller without a route's permission learns nothing of its rules: whatever is wrong with the
  // path, the query or the body, the answer is 403, never a 400 that spells out what is expected.
  const BAD_BODIES = ['[]', '{', JSON.stringify({ name: 'a\u0000', id: 'x', retentionDays: -1 })];
  const badUrl = (url: string) =>
    url.replace(/:(\w*[iI]d|id)\b/g, 'not-a-number').replace(/:\w+/g, '%00') + '?index=-1&size=abc';

  it('answers 403, not 400, to every guarded route with a bad path, query or body from a role without its permission', async () => {
    const wrong: string[] = [];
    const guarded = declaredRoutes(t.app).filter(
      (r) => r.permission !== 'public' && r.permission !== 'signedIn',
    );
    let asked = 0;
    for (const route of guarded) {
      for (const role of ROLES.filter((r) => !mayCall(r, route))) {
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        for (const payload of hasBody ? BAD_BODIES : [undefined]) {
          asked += 1;
          const r = await t.app.inject({
            method: route.method as 'GET',
            url: badUrl(route.url),
            headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
            payload,
          });
          if (r.statusCode !== 403) {
            wrong.push(`${role}: ${route.method} ${route.url} ${payload ?? ''} → ${r.statusCode}`);
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(200);
    expect(wrong).toEqual([]);
  }, 180_000);

  it('refuses a command whose body asks for more than the role may, before checking the body', async () => {
    // CallCenter may send commands, but neither change a charger's credentials nor its charging.
    const callcenter = tokens.get('CallCenter')!;
    for (const [command, body] of [
      ['changeConfiguration', { key: 'AuthorizationKey', value: 'not hexadecimal', chargePointId: 7 }],
      ['startTransaction', { chargingProfile: 'not a profile', idTag: [] }],
      ['updateFirmware', { location: 'not a url', retrieveDate: 'never' }],
      ['signedUpdateFirmware', { firmware: 'none' }],
    ] as const) {
      const r = await t.call<{ error: string }>('POST', `/api/ocpp/RemoteTrigger/${command}`, {
        token: callcenter,
        body,
      });
      expect({ command, status: r.status, error: r.body.error }).toEqual({
        command,
        status: 403,
        error: 'You do not have permission to do this.',
      });
    }
  });
});
