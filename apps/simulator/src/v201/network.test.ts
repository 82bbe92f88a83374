import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type NetworkProfile, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

let first: TestCsms201;
let second: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  [first, second] = await Promise.all([new TestCsms201().start(), new TestCsms201().start()]);
});
afterAll(async () => {
  await Promise.all(stations.map((s) => s.close()));
  await Promise.all([first.close(), second.close()]);
});

const profile = (url: string, securityProfile = 1): NetworkProfile => ({
  ocppVersion: 'OCPP20',
  ocppTransport: 'JSON',
  ocppCsmsUrl: url,
  messageTimeout: 30,
  securityProfile,
  ocppInterface: 'Wired0',
});

describe('OCPP 2.0.1 network connection profiles', () => {
  it('B09 refuses a slot it lacks, the slot in use, a lower security profile and plain ws:// for TLS', async () => {
    const s = await startCharger201({ url: first.url, id: 'NET-B09', speed: 20, password: 'first-secret' });
    stations.push(s);
    const set = (configurationSlot: number, connectionData: NetworkProfile) =>
      first.call('NET-B09', 'SetNetworkProfile', { configurationSlot, connectionData });
    expect(await set(7, profile(second.url))).toEqual({ status: 'Rejected' });
    expect(await set(1, profile(second.url))).toEqual({ status: 'Rejected' });
    expect(await set(0, profile(second.url, 0))).toEqual({ status: 'Rejected' });
    expect(await set(0, profile(second.url, 2))).toEqual({ status: 'Rejected' });
    expect(s.networkProfiles.has(0)).toBe(false);
    expect(await set(0, profile(second.url))).toEqual({ status: 'Accepted' });
    expect(s.networkProfiles.get(0)?.ocppCsmsUrl).toBe(second.url);
  });

  it('B10 after the new priority and a reset, connects through the first prioritised slot', async () => {
    const s = await startCharger201({
      url: first.url,
      id: 'NET-B10',
      speed: 20,
      rebootDelay: 0,
      password: 'first-secret',
    });
    stations.push(s);
    await first.call('NET-B10', 'SetNetworkProfile', {
      configurationSlot: 2,
      connectionData: profile(second.url),
    });
    const { setVariableResult } = await first.call('NET-B10', 'SetVariables', {
      setVariableData: [
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'NetworkConfigurationPriority' },
          attributeValue: '2,1',
        },
      ],
    });
    expect(setVariableResult[0]?.attributeStatus).toBe('Accepted');
    expect(await first.call('NET-B10', 'Reset', { type: 'Immediate' })).toEqual({ status: 'Accepted' });
    await second.until(
      () => second.messages('NET-B10', 'BootNotification').length > 0,
      5000,
      'boot at the new CSMS',
    );
    expect(second.messages('NET-B10', 'BootNotification')[0]?.payload).toMatchObject({
      reason: 'RemoteReset',
    });
    expect(s.activeSlot).toBe(2);
    // The slot now in use may not be overwritten; the old one may.
    expect(
      await second.call('NET-B10', 'SetNetworkProfile', {
        configurationSlot: 2,
        connectionData: profile(first.url),
      }),
    ).toEqual({ status: 'Rejected' });
  });
});
