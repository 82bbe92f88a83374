import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
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
  smartChargingGroups,
  smartChargingMembers,
  tariffs,
  users,
} from '../src/db/schema/index.js';
import { declaredRoutes } from '../src/plugins/auth.js';
import { createTestApp, type TestApp } from './helper.js';
import { connectClient, listen, registerChargePoint, type Client } from './ocpp-helper.js';

// Tenancy: a Main Operator of İstanbul asks every route that takes an id for a record of Ankara,
// its sibling. Every answer must be 403 or 404 and carry none of Ankara's data. The routes come
// from the app, so a new route with an id is probed the day it is added.

let t: TestApp;
let istanbul: string;
let charger: Client;
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
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const url = await listen(t);
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
  Object.assign(ids, {
    operator: ankara!.id,
    driver: murat!.id,
    card: card!.id,
    chargePoint: cp.id,
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
    [/\/tariff\/:tariffId/, 'tariff'],
    [/\/user\/:id/, 'user'],
    [/Ftp\/Diagnostics\/:id/, 'diagnostics'],
    [/\/Ftp\/Firmware\/:id/, 'firmware'],
    [/\/Firmware\/campaigns\/:id/, 'campaign'],
    [/\/SmartCharging\//, 'smartChargingGroup'],
  ];
  const key = rules.find(([re]) => re.test(url))?.[1];
  return key === undefined ? undefined : ids[key];
}

const BODIES: Record<string, unknown> = {
  'POST /api/portal/Transaction/:id/close': { reason: 'tenant probe' },
  'POST /api/portal/Transaction/:id/review': { action: 'release', note: 'tenant probe' },
  'POST /api/portal/ChargePoint/:id/password': {},
  'POST /api/portal/ChargePoint/:id/SecurityProfile': { profile: 2 },
  'POST /api/portal/AuditLogs/GetUserAuditLogsDynamic/:userId': {},
  'POST /api/portal/SmartCharging/:id/compositeSchedules': {},
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
        url: route.url.replace(/:\w+/, String(id)),
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

  it('keeps remote commands to a sibling’s charger out of reach', async () => {
    const r = await t.call<{ error: string }>('POST', '/api/ocpp/RemoteTrigger/reset', {
      token: istanbul,
      body: { chargePointId: 'ANK-PROBE', type: 'Soft' },
    });
    expect(r.status).toBe(404);
  });
});
