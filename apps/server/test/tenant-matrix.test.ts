import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditLog } from '@voltline/contract';
import {
  alertRules,
  alerts,
  apiKeys,
  bookings,
  chargerEvents,
  commandRecords,
  connectors,
  diagnosticsRequests,
  storedFiles,
  driverAddresses,
  maintenanceLogs,
  firmwareCampaigns,
  firmwares,
  drivers,
  driverVehicles,
  operators,
  rfidCards,
  roamingAuthorizations,
  roamingPartners,
  smartChargingGroups,
  smartChargingMembers,
  tariffs,
  uptimeExclusions,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { declaredRoutes } from '../src/plugins/auth.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helper.js';
import { connectClient, listen, registerChargePoint, type Client } from './ocpp-helper.js';

// Tenancy: a Main Operator of İstanbul asks every route that takes an id for a record of Ankara,
// its sibling. Every answer must be 403 or 404 and carry none of Ankara's data. The routes come
// from the app, so a new route with an id is probed the day it is added.

let t: TestApp;
let istanbul: string;
let charger: Client;
let url: string;
const ids: Record<string, number | string> = {};
const MARKERS = [
  'ANK-PROBE',
  'Murat',
  'Öztürk',
  'Ankara probe tariff',
  'ankara.probe@voltline.local',
  'Ankara Yolu',
  'ankara-probe-7.0.zip',
  'Ankara probe grid',
  'Ankara probe key',
  'ank-probe-hook',
  'Ankara probe partner',
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  url = await listen(t);
  istanbul = await t.login('istanbul@voltline.local');
  const [ankara] = await db.select().from(operators).where(eq(operators.name, 'Voltline Ankara'));
  const [murat] = await db.select().from(drivers).where(eq(drivers.name, 'Murat'));
  const [card] = await db.select().from(rfidCards).where(eq(rfidCards.driverId, murat!.id));
  const cp = await registerChargePoint(t, 'ANK-PROBE', 'ankara-probe-secret1', 'Voltline Ankara');
  const [tariff] = await db
    .insert(tariffs)
    .values({
      operatorId: ankara!.id,
      name: 'Ankara probe tariff',
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 700,
    })
    .returning();
  const [address] = await db
    .insert(driverAddresses)
    .values({ driverId: murat!.id, title: 'Home', line1: 'Ankara Yolu 1', city: 'Ankara', country: 'TR' })
    .returning();
  const [vehicle] = await db
    .insert(driverVehicles)
    .values({ driverId: murat!.id, name: 'Murat car', socketType: 'Type2' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({
      operatorId: ankara!.id,
      email: 'ankara.probe@voltline.local',
      passwordHash: 'x',
      name: 'Ankara',
      surname: 'Probe',
      roles: ['Main Operator'],
    })
    .returning();
  const [maintenance] = await db
    .insert(maintenanceLogs)
    .values({
      chargePointId: cp.id,
      operatorId: ankara!.id,
      source: 'manual',
      type: 'repair',
      description: 'ANK-PROBE repair',
      technician: 'Murat',
      startedAt: new Date(),
    })
    .returning();
  const [firmware] = await db
    .insert(firmwares)
    .values({
      operatorId: ankara!.id,
      fileName: 'ankara-probe-7.0.zip',
      version: '7.0',
      size: 1,
      sha256: '0'.repeat(64),
      storeKey: 'firmware/probe/ankara-probe-7.0.zip',
    })
    .returning();
  const [campaign] = await db
    .insert(firmwareCampaigns)
    .values({
      operatorId: ankara!.id,
      firmwareId: firmware!.id,
      state: 'paused',
      transport: 'ftp',
      retries: 0,
      retryInterval: 0,
      failureThresholdPercent: 20,
    })
    .returning();
  const [group] = await db
    .insert(smartChargingGroups)
    .values({
      operatorId: ankara!.id,
      name: 'Ankara probe grid',
      chargingRateUnit: 'A',
      mode: 'equal',
      maxPower: 63,
      minPerSession: 6,
    })
    .returning();
  await db.insert(smartChargingMembers).values({ groupId: group!.id, chargePointId: cp.id });
  // A device event of Ankara's charger, as a 2.0.1 NotifyEvent leaves it: the events route must not show it.
  await db.insert(chargerEvents).values({
    chargePointId: cp.id,
    kind: 'NotifyEvent',
    status: 'true',
    payload: {
      eventId: 1,
      timestamp: new Date().toISOString(),
      trigger: 'Alerting',
      actualValue: 'true',
      techInfo: 'ANK-PROBE door open',
      eventNotificationType: 'HardWiredNotification',
      component: { name: 'Controller' },
      variable: { name: 'Problem' },
    },
  });
  charger = await connectClient(url, 'ANK-PROBE', 'ankara-probe-secret1');
  const [file] = await db
    .insert(storedFiles)
    .values({
      kind: 'diagnostics',
      key: 'diagnostics/ank-probe/ANK-PROBE.log',
      name: 'ANK-PROBE.log',
      size: 1,
      sha256: '0'.repeat(64),
      operatorId: ankara!.id,
      chargePointId: cp.id,
    })
    .returning();
  const [diagnostics] = await db
    .insert(diagnosticsRequests)
    .values({ chargePointId: cp.id, operatorId: ankara!.id, status: 'Uploaded', storedFileId: file!.id })
    .returning();
  const started = (await charger.call('StartTransaction', {
    connectorId: 1,
    idTag: card!.number,
    meterStart: 0,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number };
  const [booking] = await db
    .insert(bookings)
    .values({
      name: 'ANK-PROBE booking',
      chargePointId: cp.id,
      operatorId: ankara!.id,
      connectorId: 1,
      rfidCardId: card!.id,
      driverId: murat!.id,
      idTag: card!.number,
      state: 'active',
      answer: 'Accepted',
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  const [apiKey] = await db
    .insert(apiKeys)
    .values({
      operatorId: ankara!.id,
      name: 'Ankara probe key',
      role: 'Finance',
      prefix: 'vl_live_probe1',
      secretHash: 'f'.repeat(64),
      expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: user!.id,
    })
    .returning();
  const [hook] = await db
    .insert(webhookEndpoints)
    .values({ operatorId: ankara!.id, url: 'https://ank-probe-hook.example/in', secret: 'whsec_ank-probe' })
    .returning();
  const [hookDelivery] = await db
    .insert(webhookDeliveries)
    .values({
      endpointId: hook!.id,
      eventType: 'webhook.test',
      body: '{"id":"ank-probe-hook"}',
      state: 'delivered',
      nextAttemptAt: new Date(),
      giveUpAt: new Date(),
    })
    .returning();
  Object.assign(ids, { webhook: hook!.id, webhookDelivery: hookDelivery!.id });
  const [command] = await db
    .insert(commandRecords)
    .values({
      chargePointId: cp.id,
      action: 'RemoteStartTransaction',
      request: { connectorId: 1, idTag: card!.number },
      nodeId: 'tenant-probe',
      outcome: 'answered',
      status: 'Accepted',
    })
    .returning();
  Object.assign(ids, { command: command!.id });
  const [rule] = await db.select().from(alertRules).where(eq(alertRules.operatorId, ankara!.id));
  const [alert] = await db
    .insert(alerts)
    .values({
      operatorId: ankara!.id,
      ruleId: rule!.id,
      kind: rule!.kind,
      groupKey: `operator:${ankara!.id}`,
      raisedAt: new Date(),
    })
    .returning();
  Object.assign(ids, { alert: alert!.id, alertRule: rule!.id });
  const [exclusion] = await db
    .insert(uptimeExclusions)
    .values({
      chargePointId: cp.id,
      operatorId: ankara!.id,
      reason: 'vandalism',
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(),
    })
    .returning();
  Object.assign(ids, { uptimeExclusion: exclusion!.id });
  const [partner] = await db
    .insert(roamingPartners)
    .values({
      operatorId: ankara!.id,
      name: 'Ankara probe partner',
      state: 'registered',
      direction: 'inbound',
    })
    .returning();
  Object.assign(ids, { roamingPartner: partner!.id });
  // An answer about the partner's token at Ankara's charger: its page's list must not reach İstanbul.
  await db.insert(roamingAuthorizations).values({
    partnerId: partner!.id,
    tokenUid: 'ANK-PROBE-TOKEN',
    tokenType: 'RFID',
    chargePointId: cp.id,
    source: 'realtime',
    allowed: 'ALLOWED',
    verdict: 'Accepted',
  });
  const [connector] = await db.select().from(connectors).where(eq(connectors.chargePointId, cp.id));
  Object.assign(ids, {
    apiKey: apiKey!.id,
    booking: booking!.id,
    operator: ankara!.id,
    driver: murat!.id,
    card: card!.id,
    chargePoint: cp.id,
    connector: connector!.id,
    chargePointIdentity: cp.chargePointId,
    tariff: tariff!.id,
    address: address!.id,
    vehicle: vehicle!.id,
    user: user!.id,
    session: started.transactionId,
    diagnostics: diagnostics!.id,
    maintenanceLog: maintenance!.id,
    firmware: firmware!.id,
    campaign: campaign!.id,
    smartChargingGroup: group!.id,
  });
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

/** Which of Ankara's records a route's id names, by the route's path. */
function idFor(url: string): number | string | undefined {
  const rules: [RegExp, keyof typeof ids | undefined][] = [
    [/Country\/GetCities/, undefined],
    [/MaintenanceLogs\/:id/, 'maintenanceLog'],
    [/AuditLogs\/.*:userId/, 'user'],
    [/\/Profile\/:id/, 'chargePointIdentity'],
    [/\/ChargePoint\/:id|GetChargePointAvailableTariffs/, 'chargePoint'],
    [/Operator\/(ArchiveOperator|getDriversByOperatorId)|\/operator\/:id/, 'operator'],
    [/\/Transaction\/:id/, 'session'],
    [/RFIDCards/, 'card'],
    [/driver\/address/, 'address'],
    [/driver\/vehicle/, 'vehicle'],
    [/\/driver\/:id/, 'driver'],
    [/\/Driver\/:id\/customerInformation/, 'driver'],
    [/\/Driver\/:id\/statement/, 'driver'],
    [/\/tariff\/:tariffId/, 'tariff'],
    [/\/user\/:id/, 'user'],
    [/Ftp\/Diagnostics\/:id/, 'diagnostics'],
    [/\/Ftp\/Firmware\/:id/, 'firmware'],
    [/\/Firmware\/campaigns\/:id/, 'campaign'],
    [/\/booking\/:id/, 'booking'],
    [/\/SmartCharging\//, 'smartChargingGroup'],
    [/\/integrations\/apiKeys\/:id/, 'apiKey'],
    [/\/Webhooks\/deliveries\/:id/, 'webhookDelivery'],
    [/\/Webhooks\/:id/, 'webhook'],
    [/\/Command\/:id\/remoteStartOutcome/, 'command'],
    [/\/uptime-exclusions\/:id/, 'uptimeExclusion'],
    [/\/Alerts\/rules\/:id/, 'alertRule'],
    [/\/Alerts\/:id/, 'alert'],
    [/\/Roaming\/partners\/:id/, 'roamingPartner'],
    [/\/Roaming\/chargePoints\/:id/, 'chargePoint'],
  ];
  const key = rules.find(([re]) => re.test(url))?.[1];
  return key === undefined ? undefined : ids[key];
}

const BODIES: Record<string, unknown> = {
  'POST /api/portal/ChargePoint/:id/uptime-exclusions': {
    reason: 'vandalism',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-01-01T01:00:00.000Z',
  },
  'PUT /api/portal/Alerts/rules/:id': { enabled: false },
  'POST /api/portal/Alerts/:id/assign': { userId: 1 },
  'POST /api/portal/Alerts/:id/comment': { comment: 'tenant probe' },
  'POST /api/portal/Alerts/:id/resolve': {},
  'POST /api/portal/integrations/apiKeys/:id/rotate': { overlapHours: 1 },
  'PUT /api/portal/Webhooks/:id': { description: 'tenant probe' },
  'PUT /api/portal/Roaming/partners/:id': { name: 'tenant probe' },
  'POST /api/portal/Transaction/:id/close': { reason: 'tenant probe' },
  'POST /api/portal/Transaction/:id/review': { action: 'release', note: 'tenant probe' },
  'POST /api/portal/ChargePoint/:id/password': {},
  'POST /api/portal/Driver/:id/customerInformation': { report: true, clear: false },
  'POST /api/portal/ChargePoint/:id/SecurityProfile': { profile: 2 },
  'POST /api/portal/ChargePoint/:id/NetworkProfile': {
    configurationSlot: 2,
    ocppCsmsUrl: 'wss://voltline.test/ocpp',
    messageTimeout: 30,
    securityProfile: 2,
    ocppInterface: 'Wired0',
  },
  'POST /api/portal/ChargePoint/:id/NetworkProfile/priority': { priority: [2, 1] },
  'POST /api/portal/AuditLogs/GetUserAuditLogsDynamic/:userId': {},
  'POST /api/portal/SmartCharging/:id/compositeSchedules': {},
  'POST /api/portal/ChargePoint/:id/DeviceModel/setVariables': {
    items: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, value: '60' }],
  },
  'POST /api/portal/ChargePoint/:id/DeviceModel/report': { componentCriteria: ['Problem'] },
  'POST /api/portal/ChargePoint/:id/chargingProfiles/report': {},
  'POST /api/portal/ChargePoint/:id/monitors': {
    component: { name: 'TemperatureSensor' },
    variable: { name: 'Temperature' },
    type: 'UpperThreshold',
    value: 40,
    severity: 2,
  },
  'POST /api/portal/ChargePoint/:id/monitors/report': {},
  'PUT /api/portal/ChargePoint/:id/monitoring': { level: 5 },
  'POST /api/portal/ChargePoint/:id/DeviceModel/getVariables': {
    items: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
  },
  'PUT /api/portal/SmartCharging/:id': {
    name: 'tenant probe',
    operatorId: 1,
    chargingRateUnit: 'A',
    mode: 'equal',
    maxPower: 32,
    minPerSession: 6,
  },
  'PUT /api/messageTrace/MaintenanceLogs/:id': {
    type: 'repair',
    description: 'tenant probe',
    technician: 'probe',
    startedAt: '2026-01-01T00:00:00.000Z',
  },
};

/** The query a route needs to reach its record (a driver's statement names its month). */
const QUERIES: Record<string, string> = {
  'GET /api/portal/Driver/:id/statement': '?month=2026-01',
  'GET /api/portal/ChargePoint/:id/uptime': '?from=2026-01-01T00:00:00.000Z&to=2026-01-02T00:00:00.000Z',
};

describe('the tenant matrix', () => {
  it('answers a sibling operator’s user 403 or 404, with none of the sibling’s data, on every route with an id', async () => {
    const routes = declaredRoutes(t.app).filter((r) => /:\w+/.test(r.url) && r.permission !== 'public');
    const probed: string[] = [];
    const leaks: string[] = [];
    for (const route of routes) {
      if (/Country\/GetCities/.test(route.url)) continue;
      const id = idFor(route.url);
      expect(id, `no Ankara record for ${route.method} ${route.url}: add it to idFor`).toBeDefined();
      const key = `${route.method} ${route.url}`;
      const body = BODIES[key];
      const r = await t.app.inject({
        method: route.method as 'GET',
        // A second id (a charger's monitor) names nothing of Ankara's: the charger's id is what is probed.
        url: route.url.replace(/:\w+/, String(id)).replace(/:\w+/g, '1') + (QUERIES[key] ?? ''),
        headers: {
          authorization: `Bearer ${istanbul}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        payload: body ? JSON.stringify(body) : undefined,
      });
      probed.push(key);
      const leaked = MARKERS.filter((m) => r.body.includes(m));
      if (![403, 404].includes(r.statusCode) || leaked.length > 0) {
        leaks.push(`${key} → ${r.statusCode} ${leaked.join(',')} ${r.body.slice(0, 120)}`);
      }
    }
    expect(probed.length).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  });

  it('keeps a sibling’s booking out of reach of a change, and its charger out of reach of a new one', async () => {
    const changed = await t.call<{ error: string }>('PUT', '/api/portal/booking', {
      token: istanbul,
      body: { id: ids.booking, expiresAt: new Date(Date.now() + 7_200_000).toISOString() },
    });
    expect(changed.status).toBe(404);
    const made = await t.call<{ error: string }>('POST', '/api/portal/booking', {
      token: istanbul,
      body: {
        chargePointId: 'ANK-PROBE',
        connectorId: 2,
        rfidCardId: ids.card,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(made.status).toBe(404);
    expect(JSON.stringify(made.body)).not.toContain('ANK-PROBE');
  });

  it('keeps remote commands to a sibling’s charger out of reach', async () => {
    const r = await t.call<{ error: string }>('POST', '/api/ocpp/RemoteTrigger/reset', {
      token: istanbul,
      body: { chargePointId: 'ANK-PROBE', type: 'Soft' },
    });
    expect(r.status).toBe(404);
    // E14: asking a sibling's charger of its transactions is as far out of reach.
    const status = await t.call<{ error: string }>('POST', '/api/ocpp/RemoteTrigger/getTransactionStatus', {
      token: istanbul,
      body: { chargePointId: 'ANK-PROBE' },
    });
    expect(status.status).toBe(404);
    expect(JSON.stringify(status.body)).not.toContain('ANK-PROBE');
    // O01 to a group: a sibling's charger among them makes the whole request not found.
    const display = await t.call<{ error: string }>('POST', '/api/portal/DisplayMessages', {
      token: istanbul,
      body: {
        chargePointIds: ['ANK-PROBE'],
        message: { id: 1, priority: 'NormalCycle', message: { format: 'UTF8', content: 'probe' } },
      },
    });
    expect(display.status).toBe(404);
    expect(JSON.stringify(display.body)).not.toContain('ANK-PROBE');
    // The raw command console, by İstanbul's Technical Support (who may use it): as far out of reach.
    const [ist] = await t.database.db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    await t.database.db.insert(users).values({
      operatorId: ist!.id,
      email: 'ist.support@voltline.local',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: 'İstanbul',
      surname: 'Support',
      roles: ['Technical Support'],
    });
    const raw = await t.call<{ error: string }>('POST', '/api/ocpp/RemoteTrigger/call', {
      token: await t.login('ist.support@voltline.local'),
      body: {
        chargePointId: 'ANK-PROBE',
        action: 'TriggerMessage',
        payload: { requestedMessage: 'Heartbeat' },
      },
    });
    expect(raw.status).toBe(404);
    expect(JSON.stringify(raw.body)).not.toContain('ANK-PROBE');
  });

  it('refuses each of a sibling’s rows in a bulk action by id, changes none and names none', async () => {
    const probes: [string, unknown][] = [
      ['ChargePoint/Bulk', { selection: { mode: 'ids', ids: [ids.chargePoint] }, action: 'archive' }],
      ['Driver/Bulk', { selection: { mode: 'ids', ids: [ids.driver] }, action: 'block', reason: 'probe' }],
      ['driver/RFIDCards/Bulk', { selection: { mode: 'ids', ids: [ids.card] }, action: 'block' }],
      ['connector/Bulk', { selection: { mode: 'ids', ids: [ids.connector] }, action: 'inoperative' }],
      [
        'Transaction/Bulk',
        { selection: { mode: 'ids', ids: [ids.session] }, action: 'close', reason: 'probe' },
      ],
    ];
    for (const [path, body] of probes) {
      const r = await t.call<{ data: { rows: { outcome: string; label: string }[] } }>(
        'POST',
        `/api/portal/${path}`,
        { token: istanbul, body },
      );
      expect(r.status, path).toBe(200);
      expect(
        r.body.data.rows.map((x) => x.outcome),
        path,
      ).toEqual(['refused']);
      expect(
        MARKERS.filter((m) => JSON.stringify(r.body).includes(m)),
        path,
      ).toEqual([]);
    }
    // Every card of a sibling's driver, by filter: the driver is not found.
    const byFilter = await t.call('POST', '/api/portal/driver/RFIDCards/Bulk', {
      token: istanbul,
      body: { selection: { mode: 'filter', filter: { driverId: ids.driver } }, action: 'archive' },
    });
    expect(byFilter.status).toBe(404);
    // A sibling's smart-charging group: not found, whichever charge points are named.
    const group = await t.call('POST', '/api/portal/ChargePoint/Bulk', {
      token: istanbul,
      body: {
        selection: { mode: 'filter', filter: {} },
        action: 'addToGroup',
        groupId: ids.smartChargingGroup,
      },
    });
    expect(group.status).toBe(404);
    const [card] = await t.database.db
      .select()
      .from(rfidCards)
      .where(eq(rfidCards.id, Number(ids.card)));
    expect(card).toMatchObject({ status: 'active', archivedAt: null });
  });
});

describe('the tenant matrix of the audit log', () => {
  type Lines = { data: { items: AuditLog[]; total: number } };
  const LIST = '/api/portal/AuditLogs/GetAuditLogsDynamic?index=0&size=100';

  let made: { status: number; body: { data: { id: number } } };
  let ali: { id: number } | undefined;
  let root: string;
  beforeAll(async () => {
    const db = t.database.db;
    const [ist] = await db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    // An Admin who belongs to İstanbul acts on Ankara's records.
    await db.insert(users).values({
      operatorId: ist!.id,
      email: 'ist.admin@voltline.local',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: 'İstanbul',
      surname: 'Admin',
      roles: ['Admin'],
    });
    const istAdmin = await t.login('ist.admin@voltline.local');
    root = await t.login('admin@voltline.local');
    made = await t.call<{ data: { id: number } }>('POST', '/api/portal/driver', {
      token: istAdmin,
      body: {
        name: 'Gone',
        surname: 'Ankaralı',
        email: 'gone.ankarali@example.com',
        operatorId: ids.operator,
      },
    });
    expect(made.status).toBe(200);
    expect(
      (await t.call('DELETE', `/api/portal/driver/${made.body.data.id}`, { token: istAdmin })).status,
    ).toBe(200);
    const renamed = await t.call('PUT', '/api/portal/user', {
      token: istAdmin,
      body: { id: ids.user, email: 'ankara.renamed@voltline.local' },
    });
    expect(renamed.status).toBe(200);
    const tariffChange = await t.call('PUT', '/api/portal/tariff', {
      token: istAdmin,
      body: { id: ids.tariff, pricePerKwh: 701 },
    });
    expect(tariffChange.status).toBe(200);
    // A root Admin changes one of İstanbul's drivers: İstanbul reads the line, not the Admin's address.
    [ali] = await db.select().from(drivers).where(eq(drivers.name, 'Ali'));
    const touched = await t.call('PUT', '/api/portal/driver', {
      token: root,
      headers: { 'user-agent': 'RootBrowser/1.0' },
      body: { id: ali!.id, phone: '+90 555 000 00 01' },
    });
    expect(touched.status).toBe(200);
  });

  it('shows a sub-operator only lines about its records, and who acted from above it without e-mail, IP or browser', async () => {
    const db = t.database.db;
    const r = await t.call<Lines>('POST', LIST, { token: istanbul, body: {} });
    expect(r.status).toBe(200);
    const lines = r.body.data.items;
    expect(r.body.data.total).toBe(lines.length);
    const body = JSON.stringify(r.body);
    for (const marker of [
      'Ankaralı',
      'gone.ankarali@example.com',
      'ankara.renamed@voltline.local',
      'ankara.probe',
    ]) {
      expect(body, marker).not.toContain(marker);
    }
    const ankaraRecord = (l: AuditLog) =>
      (l.entity === 'tariff' && l.entityId === String(ids.tariff)) ||
      (l.entity === 'user' && l.entityId === String(ids.user)) ||
      (l.entity === 'driver' && l.entityId === String(made.body.data.id)) ||
      (l.entity === 'operator' && l.entityId === String(ids.operator));
    expect(lines.filter(ankaraRecord)).toEqual([]);
    const rootLine = lines.find((l) => l.entity === 'driver' && l.entityId === String(ali!.id));
    expect(rootLine).toMatchObject({
      userName: 'Admin Voltline',
      userEmail: null,
      ip: null,
      userAgent: null,
    });
    expect(body).not.toContain('"admin@voltline.local"');
    expect(body).not.toContain('RootBrowser');
    // The İstanbul Admin's own activity log, in İstanbul's reach: its lines about Ankara stay out.
    const [me] = await db.select().from(users).where(eq(users.email, 'ist.admin@voltline.local'));
    const own = await t.call<Lines>(
      'POST',
      `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${me!.id}?index=0&size=100`,
      { token: istanbul, body: {} },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.items.filter(ankaraRecord)).toEqual([]);
    expect(JSON.stringify(own.body)).not.toContain('Ankaralı');
    // Admin still reads every line, with who acted.
    const all = await t.call<Lines>('POST', LIST, { token: root, body: { userId: me!.id } });
    expect(all.body.data.items.filter(ankaraRecord).length).toBeGreaterThanOrEqual(4);
    expect(all.body.data.items[0]?.userEmail).toBe('ist.admin@voltline.local');
  });
});

describe('the tenant matrix of a charger’s local list', () => {
  beforeAll(async () => {
    const db = t.database.db;
    const [rootOp] = await db.select().from(operators).where(eq(operators.name, 'Voltline Demo Network'));
    const [rootDriver] = await db
      .insert(drivers)
      .values({ name: 'Network', surname: 'Driver', operatorId: rootOp!.id })
      .returning();
    await db
      .insert(rfidCards)
      .values({ driverId: rootDriver!.id, name: 'network card', number: 'ROOT-CARD-1' });
    await registerChargePoint(t, 'IST-LIST', 'istanbul-list-secret1');
  });

  it('sends an İstanbul charger the cards that may charge there: its own and its parent’s, never a sibling’s', async () => {
    const ist = await connectClient(url, 'IST-LIST', 'istanbul-list-secret1');
    try {
      const sent: { idTag: string; idTagInfo?: { status: string } }[][] = [];
      ist.handle('SendLocalList', ({ params }) => {
        sent.push((params as { localAuthorizationList: (typeof sent)[number] }).localAuthorizationList);
        return Promise.resolve({ status: 'Accepted' });
      });
      const r = await t.call<{ data: { status: string } }>('POST', '/api/ocpp/RemoteTrigger/sendLocalList', {
        token: istanbul,
        body: { chargePointId: 'IST-LIST', updateType: 'Full' },
      });
      expect(r.body.data.status).toBe('Accepted');
      const listed = sent[0]!.map((e) => e.idTag).sort();
      expect(listed).toEqual(['DEMO0001', 'DEMO0002', 'ROOT-CARD-1']);
      // Each listed card is one Authorize accepts there, answered as listed.
      for (const entry of sent[0]!) {
        const auth = (await ist.call('Authorize', { idTag: entry.idTag })) as {
          idTagInfo: { status: string };
        };
        expect([entry.idTag, auth.idTagInfo.status]).toEqual([entry.idTag, entry.idTagInfo?.status]);
      }
    } finally {
      await ist.close({ force: true });
    }
  });
});
