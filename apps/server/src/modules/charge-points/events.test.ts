import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceEvent } from '@voltline/contract';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

// N07/G05: what a 2.0.1 charger reports about its parts (NotifyEvent) is listed on its charge point,
// newest first, paged and narrowed, in the operator's reach only; a 1.6 charger has none.

let t: TestApp;
let url: string;
let istanbul: string;
const chargers: Client[] = [];
const ids: Record<string, number> = {};
const PW = 'events-secret-0201';

type Page = { items: DeviceEvent[]; total: number; index: number; size: number };

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  istanbul = await t.login('istanbul@voltline.local');
  for (const id of ['EV-201', 'EV-16']) ids[id] = (await registerChargePoint(t, id, PW)).id;
  ids['EV-ANK'] = (await registerChargePoint(t, 'EV-ANK', PW, 'Voltline Ankara')).id;
});
afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close({ force: true })));
  await t.close();
});

async function charger(id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1') {
  const c = await connectClient(url, id, PW, protocol);
  chargers.push(c);
  return c;
}

const list = (id: string, query = '') =>
  t.call<{ data: Page }>('GET', `/api/portal/ChargePoint/${ids[id]}/events?index=0&size=10${query}`, {
    token: istanbul,
  });

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe('the events of a charger’s device model on its charge point (N07, G05)', () => {
  beforeAll(async () => {
    const c = await charger('EV-201', 'ocpp2.0.1');
    await c.call('BootNotification', boot201);
    // Two frames, as a charger sends them one after the other; the list shows the later first.
    await c.call('NotifyEvent', {
      generatedAt: at(3),
      seqNo: 0,
      eventData: [
        {
          eventId: 1,
          timestamp: at(3),
          trigger: 'Periodic',
          actualValue: '41.5',
          eventNotificationType: 'PreconfiguredMonitor',
          variableMonitoringId: 4,
          component: { name: 'EVSE', evse: { id: 1 } },
          variable: { name: 'Power', instance: 'Active' },
        },
        {
          eventId: 2,
          timestamp: at(2),
          trigger: 'Delta',
          actualValue: 'Unavailable',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'ChargingStation' },
          variable: { name: 'AvailabilityState' },
        },
      ],
    });
    await c.call('NotifyEvent', {
      generatedAt: at(1),
      seqNo: 0,
      eventData: [
        {
          eventId: 3,
          timestamp: at(1),
          trigger: 'Alerting',
          actualValue: 'true',
          techCode: 'GF-12',
          techInfo: 'Ground fault on plug 1',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'Connector', evse: { id: 2, connectorId: 1 } },
          variable: { name: 'Problem' },
          customData: { vendorId: 'Voltline', severity: 1 },
        },
        {
          eventId: 4,
          timestamp: at(0.5),
          trigger: 'Alerting',
          actualValue: 'false',
          cleared: true,
          cause: 3,
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'Connector', evse: { id: 2, connectorId: 1 } },
          variable: { name: 'Problem' },
        },
      ],
    });
    await until(async () => ((await list('EV-201')).body.data.total === 4 ? true : null));
  });

  it('N07 lists each event newest first, with its component, EVSE, connector, trigger and words', async () => {
    const r = await list('EV-201');
    expect(r.status).toBe(200);
    const { items, total } = r.body.data;
    expect(total).toBe(4);
    expect(items.map((e) => e.eventId)).toEqual([4, 3, 2, 1]);
    expect(items[1]).toMatchObject({
      component: 'Connector',
      evseId: 2,
      connectorId: 1,
      variable: 'Problem',
      trigger: 'Alerting',
      actualValue: 'true',
      techCode: 'GF-12',
      techInfo: 'Ground fault on plug 1',
      severity: 1,
      cleared: false,
      notificationType: 'HardWiredNotification',
    });
    expect(items[0]).toMatchObject({
      variable: 'Problem',
      actualValue: 'false',
      cleared: true,
      severity: null,
    });
    expect(items[3]).toMatchObject({
      component: 'EVSE',
      evseId: 1,
      connectorId: null,
      variable: 'Power',
      variableInstance: 'Active',
      trigger: 'Periodic',
      actualValue: '41.5',
    });
    expect(items[2]).toMatchObject({
      component: 'ChargingStation',
      evseId: null,
      actualValue: 'Unavailable',
    });
  });

  it('G05 narrows the list by component, trigger and severity, and pages it', async () => {
    const byComponent = await list('EV-201', '&component=connector');
    expect(byComponent.body.data.items.map((e) => e.eventId)).toEqual([4, 3]);
    const periodic = await list('EV-201', '&trigger=Periodic');
    expect(periodic.body.data.items.map((e) => e.eventId)).toEqual([1]);
    const grave = await list('EV-201', '&severity=3');
    expect(grave.body.data.items.map((e) => e.eventId)).toEqual([3]);
    const second = await t.call<{ data: Page }>(
      'GET',
      `/api/portal/ChargePoint/${ids['EV-201']}/events?index=1&size=3`,
      { token: istanbul },
    );
    expect(second.body.data).toMatchObject({ total: 4, index: 1, size: 3 });
    expect(second.body.data.items.map((e) => e.eventId)).toEqual([1]);
  });

  it('refuses a trigger or severity OCPP does not know, naming the field', async () => {
    const trigger = await list('EV-201', '&trigger=Sometimes');
    expect(trigger.status).toBe(400);
    expect(JSON.stringify(trigger.body)).toContain('trigger');
    const severity = await list('EV-201', '&severity=10');
    expect(severity.status).toBe(400);
    expect(JSON.stringify(severity.body)).toContain('severity');
  });

  it('keeps the events in the charge point’s operator’s reach', async () => {
    const c = await charger('EV-ANK', 'ocpp2.0.1');
    await c.call('BootNotification', boot201);
    await c.call('NotifyEvent', {
      generatedAt: at(0),
      seqNo: 0,
      eventData: [
        {
          eventId: 9,
          timestamp: at(0),
          trigger: 'Alerting',
          actualValue: 'true',
          techInfo: 'Ankara door open',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'Controller' },
          variable: { name: 'Tripped' },
        },
      ],
    });
    const r = await list('EV-ANK');
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).not.toContain('Ankara door open');
  });

  it('lists none for a 1.6 charger, whose firmware and diagnostics states are not events', async () => {
    const c = await charger('EV-16', 'ocpp1.6');
    await c.call('FirmwareStatusNotification', { status: 'Downloading' });
    await c.call('DataTransfer', { vendorId: 'Voltline', messageId: 'x' });
    const r = await list('EV-16');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ items: [], total: 0 });
  });
});
