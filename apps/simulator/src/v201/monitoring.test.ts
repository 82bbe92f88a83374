import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ocpp201 } from '@voltline/contract';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

// The station's variable monitors (OCPP 2.0.1 N02-N08) as the CSMS sees them: what each request
// is answered, the report that follows GetMonitoringReport, and the events the monitors raise.

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

async function station(id: string): Promise<SimCharger201> {
  const s = await startCharger201({ url: csms.url, id, connectors: 1, speed: 20, rebootDelay: 1 });
  stations.push(s);
  return s;
}

const temperature = { component: { name: 'TemperatureSensor' }, variable: { name: 'Temperature' } };
const set = (id: string, data: Record<string, unknown>) =>
  csms.call(id, 'SetVariableMonitoring', { setMonitoringData: [{ ...temperature, ...data } as never] });
const result = async (id: string, data: Record<string, unknown>) =>
  (await set(id, data)).setMonitoringResult[0]!;
const events = (id: string) =>
  csms
    .messages(id, 'NotifyEvent')
    .map((m) => (m.payload.eventData as Ocpp201.NotifyEventRequest['eventData'])[0]!);

describe('OCPP 2.0.1 monitoring on the simulated station', () => {
  it('N04 answers each monitor as the standard allows: Accepted with an id, or why not', async () => {
    await station('N04-SIM');
    const ok = await result('N04-SIM', { type: 'UpperThreshold', value: 50, severity: 5 });
    expect(ok).toMatchObject({ status: 'Accepted', type: 'UpperThreshold', severity: 5 });
    expect(ok.id).toBeGreaterThan(2);
    expect(await result('N04-SIM', { type: 'UpperThreshold', value: 60, severity: 5 })).toMatchObject({
      status: 'Duplicate',
    });
    expect(
      await result('N04-SIM', { component: { name: 'NoSuchThing' }, type: 'Delta', value: 1, severity: 5 }),
    ).toMatchObject({ status: 'UnknownComponent' });
    expect(
      await result('N04-SIM', { variable: { name: 'NoSuchVariable' }, type: 'Delta', value: 1, severity: 5 }),
    ).toMatchObject({ status: 'UnknownVariable' });
    const text = {
      component: { name: 'Connector', evse: { id: 1, connectorId: 1 } },
      variable: { name: 'ConnectorType' },
    };
    expect(await result('N04-SIM', { ...text, type: 'UpperThreshold', value: 1, severity: 5 })).toMatchObject(
      {
        status: 'UnsupportedMonitorType',
      },
    );
    expect(await result('N04-SIM', { type: 'Delta', value: 1, severity: 12 })).toMatchObject({
      status: 'Rejected',
    });
    // An id replaces only a monitor the station holds, never a hard-wired one.
    expect(await result('N04-SIM', { id: 9999, type: 'Delta', value: 1, severity: 5 })).toMatchObject({
      status: 'Rejected',
    });
    expect(await result('N04-SIM', { id: 1, type: 'Delta', value: 1, severity: 5 })).toMatchObject({
      status: 'Rejected',
    });
  });

  it('N06 clears a custom monitor, NotFound for an unknown id, Rejected for a hard-wired one', async () => {
    await station('N06-SIM');
    const { id } = await result('N06-SIM', { type: 'LowerThreshold', value: 0, severity: 3 });
    const answer = await csms.call('N06-SIM', 'ClearVariableMonitoring', { id: [id!, 4242, 1] });
    expect(answer.clearMonitoringResult).toEqual([
      { id, status: 'Accepted' },
      { id: 4242, status: 'NotFound' },
      { id: 1, status: 'Rejected' },
    ]);
  });

  it('N02 reports the monitors selected, grouped by variable, after answering Accepted', async () => {
    await station('N02-SIM');
    await result('N02-SIM', { type: 'Delta', value: 2, severity: 6 });
    expect(await csms.call('N02-SIM', 'GetMonitoringReport', { requestId: 7 })).toEqual({
      status: 'Accepted',
    });
    const report = await csms.nth('N02-SIM', 'NotifyMonitoringReport');
    expect(report.payload).toMatchObject({ requestId: 7, seqNo: 0, tbc: false });
    const monitors = (report.payload.monitor as { variableMonitoring: { type: string }[] }[])[0]!;
    expect(monitors.variableMonitoring.map((m) => m.type).sort()).toEqual([
      'Delta',
      'UpperThreshold',
      'UpperThreshold',
    ]);
    expect(
      await csms.call('N02-SIM', 'GetMonitoringReport', {
        requestId: 8,
        monitoringCriteria: ['PeriodicMonitoring'],
      }),
    ).toEqual({ status: 'EmptyResultSet' });
  });

  it('N07 raises an alerting event when the threshold is crossed, and a cleared one when back', async () => {
    const s = await station('N07-SIM');
    const { id } = await result('N07-SIM', { type: 'UpperThreshold', value: 40, severity: 2 });
    s.setTemperature(45);
    await csms.nth('N07-SIM', 'NotifyEvent');
    s.setTemperature(30);
    await csms.nth('N07-SIM', 'NotifyEvent', 2);
    expect(events('N07-SIM')).toMatchObject([
      {
        trigger: 'Alerting',
        actualValue: '45',
        variableMonitoringId: id,
        eventNotificationType: 'CustomMonitor',
      },
      { trigger: 'Alerting', actualValue: '30', variableMonitoringId: id, cleared: true },
    ]);
  });

  it('N07 raises a delta event once the value moved by the delta', async () => {
    const s = await station('N07D-SIM');
    await result('N07D-SIM', { type: 'Delta', value: 10, severity: 5 });
    s.setTemperature(30);
    s.setTemperature(36);
    await csms.nth('N07D-SIM', 'NotifyEvent');
    expect(events('N07D-SIM')).toMatchObject([{ trigger: 'Delta', actualValue: '36' }]);
  });

  it('N08 a periodic monitor reports the value each period', async () => {
    await station('N08-SIM');
    const { id } = await result('N08-SIM', { type: 'Periodic', value: 2, severity: 8 });
    await csms.nth('N08-SIM', 'NotifyEvent', 2);
    expect(events('N08-SIM').slice(0, 2)).toMatchObject([
      { trigger: 'Periodic', actualValue: '25', variableMonitoringId: id },
      { trigger: 'Periodic', actualValue: '25', variableMonitoringId: id },
    ]);
  });

  it('N05 a level below a monitor’s severity silences it; N03 HardWiredOnly drops custom and preconfigured', async () => {
    const s = await station('N05-SIM');
    expect(await csms.call('N05-SIM', 'SetMonitoringLevel', { severity: 10 })).toEqual({
      status: 'Rejected',
    });
    expect(await csms.call('N05-SIM', 'SetMonitoringLevel', { severity: 3 })).toEqual({ status: 'Accepted' });
    await result('N05-SIM', { type: 'UpperThreshold', value: 40, severity: 5 });
    const grave = await result('N05-SIM', { type: 'UpperThreshold', value: 50, severity: 2 });
    s.setTemperature(55);
    await csms.nth('N05-SIM', 'NotifyEvent');
    expect(events('N05-SIM')).toMatchObject([{ variableMonitoringId: grave.id }]);
    expect(await csms.call('N05-SIM', 'SetMonitoringLevel', { severity: 9 })).toEqual({ status: 'Accepted' });
    expect(await csms.call('N05-SIM', 'SetMonitoringBase', { monitoringBase: 'HardWiredOnly' })).toEqual({
      status: 'Accepted',
    });
    expect([...s.monitors.list.keys()]).toEqual([1, 2]);
    s.setTemperature(75);
    s.setTemperature(90);
    await csms.nth('N05-SIM', 'NotifyEvent', 2);
    // The preconfigured monitor at 70 °C is off; only the hard-wired one at 85 °C speaks.
    expect(events('N05-SIM')[1]).toMatchObject({
      variableMonitoringId: 1,
      eventNotificationType: 'HardWiredMonitor',
    });
    expect(events('N05-SIM')).toHaveLength(2);
  });

  it('N07 a delta monitor on an EVSE’s power reports as the car charges; a transaction-only monitor waits for one', async () => {
    const s = await station('N07P-SIM');
    const power = { component: { name: 'EVSE', evse: { id: 1 } }, variable: { name: 'Power' } };
    const onlyInTx = await result('N07P-SIM', {
      type: 'UpperThreshold',
      value: 40,
      severity: 5,
      transaction: true,
    });
    s.setTemperature(45);
    const delta = await result('N07P-SIM', { ...power, type: 'Delta', value: 100, severity: 6 });
    expect(delta.status).toBe('Accepted');
    await s.startSession(1, 'CARD-1');
    s.plugIn(1, { capacityWh: 60_000, soc: 20, targetSoc: 100, maxPowerW: 11_000 });
    const event = await csms.until(() => events('N07P-SIM').find((e) => e.variableMonitoringId === delta.id));
    expect(event).toMatchObject({ trigger: 'Delta', component: { name: 'EVSE', evse: { id: 1 } } });
    expect(Number(event.actualValue)).toBeGreaterThanOrEqual(100);
    // The temperature crossed 40 °C before any transaction: that monitor said nothing then.
    expect(events('N07P-SIM').some((e) => e.variableMonitoringId === onlyInTx.id)).toBe(false);
    s.setTemperature(30);
    s.setTemperature(46);
    const inTx = await csms.until(() =>
      events('N07P-SIM').find((e) => e.variableMonitoringId === onlyInTx.id),
    );
    expect(inTx).toMatchObject({ trigger: 'Alerting', actualValue: '46' });
    expect(inTx.transactionId).toBe(s.activeTransactions[1]);
  }, 15_000);
});
