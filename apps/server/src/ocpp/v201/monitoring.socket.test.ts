import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import type { DeviceEvent, MonitorList } from '@voltline/contract';
import { auditLogs, chargePoints } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// OCPP 2.0.1 monitoring (N02-N08) through the API the portal uses, against a simulated 2.0.1
// station: monitors set, reported, cleared and based; the events they raise listed with them.

let t: TestApp;
let sim: SimCharger201;
let admin: string;
let istanbul: string;
let cpId: number;
let ankaraId: number;
let v16Id: number;
const PW = 'charger-secret-monitor1';

type Body<T> = { data: T; message?: string; refused?: boolean; error?: string };
const temperature = { component: { name: 'TemperatureSensor' }, variable: { name: 'Temperature' } };

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  const url = await listen(t);
  cpId = (await registerChargePoint(t, 'MON201-1', PW)).id;
  ankaraId = (await registerChargePoint(t, 'MON201-ANK', PW, 'Voltline Ankara')).id;
  v16Id = (await registerChargePoint(t, 'MON16-1', PW)).id;
  sim = await startCharger201({ url, id: 'MON201-1', password: PW, rebootDelay: 0.2, speed: 10 });
  await until(async () => {
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.id, cpId));
    return cp?.connected && cp.ocppProtocol === 'ocpp2.0.1';
  });
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const base = (id = cpId) => `/api/portal/ChargePoint/${id}`;
const list = async (token = admin) =>
  (await t.call<Body<MonitorList>>('GET', `${base()}/monitors`, { token })).body.data;
const setMonitor = (body: Record<string, unknown>, token = admin) =>
  t.call<Body<{ id: number | null; status: string }>>('POST', `${base()}/monitors`, {
    token,
    body: { ...temperature, ...body },
  });
const events = async () =>
  (await t.call<Body<{ items: DeviceEvent[] }>>('GET', `${base()}/events?index=0&size=50`, { token: admin }))
    .body.data.items;

describe('OCPP 2.0.1 monitoring through the API', () => {
  it('N04 sets a threshold monitor: the charger’s id is stored as Voltline’s, audited', async () => {
    const res = await setMonitor({ type: 'UpperThreshold', value: 40, severity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.refused).toBeUndefined();
    expect(res.body.data.status).toBe('Accepted');
    const id = res.body.data.id!;
    expect((await list()).monitors).toContainEqual(
      expect.objectContaining({ id, type: 'UpperThreshold', value: 40, severity: 2, origin: 'custom' }),
    );
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'monitoring.set'), eq(auditLogs.entityId, 'MON201-1')));
    expect(audits).toHaveLength(1);
  });

  it('N04 each refusal of the charger comes back refused, in words', async () => {
    const dup = await setMonitor({ type: 'UpperThreshold', value: 45, severity: 2 });
    expect(dup.body).toMatchObject({ refused: true, data: { status: 'Duplicate' } });
    expect(dup.body.message).toMatch(/already has a monitor/);
    const unknown = await setMonitor({
      component: { name: 'Nothing' },
      type: 'Delta',
      value: 1,
      severity: 5,
    });
    expect(unknown.body).toMatchObject({ refused: true, data: { status: 'UnknownComponent' } });
    const variable = await setMonitor({ variable: { name: 'Nope' }, type: 'Delta', value: 1, severity: 5 });
    expect(variable.body).toMatchObject({ refused: true, data: { status: 'UnknownVariable' } });
    const unsupported = await setMonitor({
      component: { name: 'Connector', evseId: 1, connectorId: 1 },
      variable: { name: 'ConnectorType' },
      type: 'LowerThreshold',
      value: 1,
      severity: 5,
    });
    expect(unsupported.body).toMatchObject({ refused: true, data: { status: 'UnsupportedMonitorType' } });
    const hardWired = await setMonitor({ id: 1, type: 'Delta', value: 1, severity: 5 });
    expect(hardWired.body).toMatchObject({ refused: true, data: { status: 'Rejected' } });
    const badSeverity = await setMonitor({ type: 'Delta', value: 1, severity: 10 });
    expect(badSeverity.status).toBe(400);
  });

  it('N02 a whole report replaces the stored monitors, the charger’s own ones marked as its', async () => {
    const res = await t.call<Body<{ status: string }>>('POST', `${base()}/monitors/report`, {
      token: admin,
      body: {},
    });
    expect(res.body.data.status).toBe('Accepted');
    const after = await until(async () => {
      const l = await list();
      return l.reportedAt && !l.awaitingReport ? l : null;
    });
    expect(after.monitors.map((m) => [m.id, m.origin])).toEqual(
      expect.arrayContaining([
        [1, 'charger'],
        [2, 'charger'],
      ]),
    );
    expect(after.monitors.filter((m) => m.origin === 'custom')).toHaveLength(1);
    const empty = await t.call<Body<{ status: string }>>('POST', `${base()}/monitors/report`, {
      token: admin,
      body: { criteria: ['PeriodicMonitoring'] },
    });
    expect(empty.body).toMatchObject({ refused: true, data: { status: 'EmptyResultSet' } });
  });

  it('N07 the station crosses the threshold: the event is listed with the monitor that raised it', async () => {
    const monitor = (await list()).monitors.find((m) => m.origin === 'custom')!;
    sim.setTemperature(47);
    const event = await until(async () =>
      (await events()).find((e) => e.monitorId === monitor.id && !e.cleared),
    );
    expect(event).toMatchObject({
      trigger: 'Alerting',
      actualValue: '47',
      notificationType: 'CustomMonitor',
      severity: 2,
      monitor: { id: monitor.id, type: 'UpperThreshold', value: 40, severity: 2 },
    });
    sim.setTemperature(25);
    await until(async () => (await events()).find((e) => e.monitorId === monitor.id && e.cleared));
  });

  it('N08 a periodic monitor’s events are listed as Periodic', async () => {
    const res = await setMonitor({ type: 'Periodic', value: 5, severity: 8 });
    const id = res.body.data.id!;
    const event = await until(async () => (await events()).find((e) => e.monitorId === id));
    expect(event).toMatchObject({ trigger: 'Periodic', monitor: { type: 'Periodic', value: 5 } });
    await t.call('DELETE', `${base()}/monitors/${id}`, { token: admin });
  });

  it('N06 clears a monitor; NotFound and a hard-wired monitor are refusals in words', async () => {
    const { id } = (await setMonitor({ type: 'LowerThreshold', value: -10, severity: 3 })).body.data;
    const cleared = await t.call<Body<{ status: string }>>('DELETE', `${base()}/monitors/${id}`, {
      token: admin,
    });
    expect(cleared.body).toMatchObject({ data: { status: 'Accepted' } });
    expect(cleared.body.refused).toBeUndefined();
    expect((await list()).monitors.some((m) => m.id === id)).toBe(false);
    const missing = await t.call<Body<{ status: string }>>('DELETE', `${base()}/monitors/4242`, {
      token: admin,
    });
    expect(missing.body).toMatchObject({ refused: true, data: { status: 'NotFound' } });
    const wired = await t.call<Body<{ status: string }>>('DELETE', `${base()}/monitors/1`, { token: admin });
    expect(wired.body).toMatchObject({ refused: true, data: { status: 'Rejected' } });
    expect(wired.body.message).toMatch(/rejected/);
  });

  it('N05 sets the monitoring level; N03 FactoryDefault drops Voltline’s monitors', async () => {
    const level = await t.call<Body<{ level: { status: string } }>>('PUT', `${base()}/monitoring`, {
      token: admin,
      body: { level: 5 },
    });
    expect(level.body.data.level.status).toBe('Accepted');
    expect(sim.monitors.level).toBe(5);
    const reset = await t.call<Body<{ base: { status: string } }>>('PUT', `${base()}/monitoring`, {
      token: admin,
      body: { base: 'FactoryDefault' },
    });
    expect(reset.body.data.base.status).toBe('Accepted');
    const after = await list();
    expect(after).toMatchObject({ base: 'FactoryDefault', level: 5 });
    expect(after.monitors.filter((m) => m.origin === 'custom')).toEqual([]);
    expect([...sim.monitors.list.values()].every((m) => m.kind !== 'CustomMonitor')).toBe(true);
    const none = await t.call<{ details: { message: string }[] }>('PUT', `${base()}/monitoring`, {
      token: admin,
      body: {},
    });
    expect(none.status).toBe(400);
    expect(none.body.details.map((d) => d.message)).toEqual(['Choose a monitoring base or a level.']);
  });

  it('a 1.6 charger has no monitors: not supported, in words', async () => {
    const res = await t.call<Body<unknown>>('GET', `${base(v16Id)}/monitors`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/OCPP 1\.6.*not supported/);
  });

  it('an operator reaches only its own subtree’s monitors', async () => {
    expect((await t.call('GET', `${base(ankaraId)}/monitors`, { token: istanbul })).status).toBe(404);
    expect((await t.call('GET', `${base()}/monitors`, { token: istanbul })).status).toBe(200);
  });
});
