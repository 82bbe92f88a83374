import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ocpp201 } from '@voltline/contract';
import { deviceModelTestApp, type DeviceModelTestApp } from '../../../test/device-model-helper.js';
import { MonitoringOcpp } from './monitoring.ocpp.js';
import * as repo from './monitoring.repository.js';

// N02: NotifyMonitoringReport parts, kept until the report is whole, then applied: the answer to a
// report of everything replaces the stored monitors; any other report updates those it names.

let t: DeviceModelTestApp;
let ocpp: MonitoringOcpp;
let cp: { id: number };

type Datum = NonNullable<Ocpp201.NotifyMonitoringReportRequest['monitor']>[number];
const datum = (
  variable: string,
  ...monitors: [number, Datum['variableMonitoring'][number]['type'], number][]
) => ({
  component: { name: 'TemperatureSensor' },
  variable: { name: variable },
  variableMonitoring: monitors.map(([id, type, value]) => ({
    id,
    type,
    value,
    severity: 5,
    transaction: false,
  })),
});
const part = (requestId: number, seqNo: number, tbc: boolean, monitor: Datum[]) =>
  ocpp.report(cp, { requestId, seqNo, tbc, generatedAt: new Date().toISOString(), monitor });
const stored = async () =>
  (await repo.listMonitors(t.db, cp.id)).map((m) => [m.monitorId, m.value, m.origin]);

beforeAll(async () => {
  t = await deviceModelTestApp();
  ocpp = new MonitoringOcpp(t.db);
  cp = await t.charger('MON-PARTS', 'ocpp2.0.1');
});
afterAll(() => t.close());

describe('N02 monitoring report in parts', () => {
  it('N02 a whole report in parts, out of order, replaces the stored monitors once all are in', async () => {
    await repo.upsertMonitor(t.db, {
      chargePointId: cp.id,
      monitorId: 100,
      componentName: 'TemperatureSensor',
      variableName: 'Temperature',
      type: 'Delta',
      value: 3,
      severity: 5,
      transaction: false,
      origin: 'custom',
      reportedAt: new Date(),
    });
    await repo.upsertMonitor(t.db, {
      chargePointId: cp.id,
      monitorId: 55,
      componentName: 'Gone',
      variableName: 'Gone',
      type: 'Delta',
      value: 1,
      severity: 5,
      transaction: false,
      origin: 'charger',
      reportedAt: new Date(),
    });
    await repo.insertRequest(t.db, cp.id, 7, true);
    await part(7, 2, false, [datum('Humidity', [3, 'Periodic', 60])]);
    await part(7, 0, true, [datum('Temperature', [1, 'UpperThreshold', 85], [100, 'Delta', 4])]);
    expect(await stored()).toEqual([
      [55, 1, 'charger'],
      [100, 3, 'custom'],
    ]);
    await part(7, 1, true, [datum('Temperature', [2, 'UpperThreshold', 70])]);
    expect(await stored()).toEqual([
      [3, 60, 'charger'],
      [1, 85, 'charger'],
      [2, 70, 'charger'],
      [100, 4, 'custom'],
    ]);
    expect(await repo.lastReportedAt(t.db, cp.id)).not.toBeNull();
    expect(await repo.hasOpenRequest(t.db, cp.id)).toBe(false);
  });

  it('N02 a report of some monitors (criteria) updates those and keeps the others', async () => {
    await repo.insertRequest(t.db, cp.id, 8, false);
    await part(8, 0, false, [datum('Temperature', [2, 'UpperThreshold', 75])]);
    expect(await stored()).toEqual([
      [3, 60, 'charger'],
      [1, 85, 'charger'],
      [2, 75, 'charger'],
      [100, 4, 'custom'],
    ]);
  });
});
