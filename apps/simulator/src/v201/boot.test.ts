import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimCharger201, startCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
  csms.bootStatus = 'Accepted';
  csms.interval = 300;
});
afterAll(async () => {
  await csms.close();
});

describe('OCPP 2.0.1 boot', () => {
  it('B01 boot accepted: BootNotification PowerUp with the station, then every connector status and heartbeats', async () => {
    csms.interval = 2;
    const s = await startCharger201({
      url: csms.url,
      id: 'B01',
      connectors: 2,
      speed: 10,
      vendor: 'Acme',
      model: 'AC22',
    });
    stations.push(s);
    const boot = await csms.nth('B01', 'BootNotification');
    expect(boot.payload).toEqual({
      reason: 'PowerUp',
      chargingStation: {
        model: 'AC22',
        vendorName: 'Acme',
        firmwareVersion: '1.0.0',
        serialNumber: 'SN-B01',
      },
    });
    expect(s.isOnline).toBe(true);
    const statuses = await csms.until(() => {
      const m = csms.messages('B01', 'StatusNotification');
      return m.length >= 2 && m;
    });
    expect(statuses.map((m) => [m.payload.evseId, m.payload.connectorId, m.payload.connectorStatus])).toEqual(
      [
        [1, 1, 'Available'],
        [2, 1, 'Available'],
      ],
    );
    expect(typeof statuses[0]?.payload.timestamp).toBe('string');
    await csms.nth('B01', 'Heartbeat', 1, 2000);
    expect(s.model.get('OCPPCommCtrlr', 'HeartbeatInterval')).toBe('2');
  });

  it('B02 pending held: only BootNotification goes out (and what the CSMS asks for), until accepted', async () => {
    csms.bootStatus = 'Pending';
    csms.interval = 3;
    const s = new SimCharger201({ url: csms.url, id: 'B02', speed: 10 });
    stations.push(s);
    await s.start();
    expect(s.bootState).toBe('Pending');
    await expect(s.startSession(1, 'CARD-1')).resolves.toMatchObject({ status: 'Unknown' });
    // The CSMS may read the device model while the station waits (B02.FR.01).
    const read = await csms.call('B02', 'GetVariables', {
      getVariableData: [{ component: { name: 'ChargingStation' }, variable: { name: 'Model' } }],
    });
    expect(read.getVariableResult[0]?.attributeValue).toBe('SimCharger 22');
    await csms.nth('B02', 'BootNotification', 2, 2000);
    expect(csms.messages('B02').map((m) => m.action)).toEqual(['BootNotification', 'BootNotification']);

    csms.bootStatus = 'Accepted';
    await csms.nth('B02', 'BootNotification', 3, 2000);
    await csms.nth('B02', 'StatusNotification');
    expect(s.isOnline).toBe(true);
  });

  it('B03 boot rejected: retries after the interval and sends nothing else', async () => {
    csms.bootStatus = 'Rejected';
    csms.interval = 2;
    const s = await startCharger201({ url: csms.url, id: 'B03', speed: 10 });
    stations.push(s);
    await csms.nth('B03', 'BootNotification', 2, 2000);
    expect(new Set(csms.messages('B03').map((m) => m.action))).toEqual(new Set(['BootNotification']));
    expect(s.isOnline).toBe(false);
  });

  it('a clock set wrong: every timestamp the station sends is off by clockOffsetS', async () => {
    const s = await startCharger201({ url: csms.url, id: 'CLOCK', connectors: 1, clockOffsetS: -3600 });
    stations.push(s);
    const status = await csms.nth('CLOCK', 'StatusNotification');
    const lag = status.at - Date.parse(String(status.payload.timestamp));
    expect(lag).toBeGreaterThan(3590_000);
    expect(lag).toBeLessThan(3610_000);
  });
});
