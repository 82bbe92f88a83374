import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../cli-args.js';
import { speaksOcpp201, startFleet, type Fleet } from '../fleet.js';
import { TestCsms201 } from './test-server.js';

let csms: TestCsms201;
let fleet: Fleet | undefined;

beforeAll(async () => {
  csms = await new TestCsms201({ alsoOcpp16: true }).start();
});
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});
afterAll(async () => {
  await csms.close();
});

describe('mixed fleet', () => {
  it('spreads the 2.0.1 share evenly over the fleet, the same way every run', () => {
    const pick = (share: number, n: number) => Array.from({ length: n }, (_, i) => speaksOcpp201(i, share));
    expect(pick(0.5, 6)).toEqual([false, true, false, true, false, true]);
    expect(pick(0.25, 8).filter(Boolean)).toHaveLength(2);
    expect(pick(0, 5).some(Boolean)).toBe(false);
    expect(pick(1, 5).every(Boolean)).toBe(true);
  });

  it('starts the 2.0.1 share of the fleet on ocpp2.0.1 and the rest on ocpp1.6, one endpoint', async () => {
    fleet = await startFleet({ url: csms.url, count: 4, prefix: 'MIX-', ocppMix: 0.5, autoSessions: false });
    expect(fleet.chargers.map((c) => c.id)).toEqual(['MIX-0001', 'MIX-0003']);
    expect(fleet.chargers201.map((c) => c.id)).toEqual(['MIX-0002', 'MIX-0004']);
    expect(fleet.get201('MIX-0002')?.protocol).toBe('2.0.1');
    expect(Object.fromEntries(csms.protocols)).toMatchObject({
      'MIX-0001': 'ocpp1.6',
      'MIX-0002': 'ocpp2.0.1',
      'MIX-0003': 'ocpp1.6',
      'MIX-0004': 'ocpp2.0.1',
    });
    expect(csms.messages('MIX-0002', 'BootNotification')[0]?.payload.reason).toBe('PowerUp');
    expect(csms.messages('MIX-0001', 'BootNotification')[0]?.payload.chargePointVendor).toBe('Voltline');
    expect(fleet.stats()).toMatchObject({ chargers: 4, online: 4 });
  });

  it('--ocpp 2.0.1 makes the whole fleet 2.0.1; --ocpp-mix and the 2.0.1 flags reach the fleet options', async () => {
    const all = parseCli([
      '--ocpp',
      '2.0.1',
      '--chargers',
      '2',
      '--no-sessions',
      '--url',
      csms.url,
      '--prefix',
      'ALL-',
    ]);
    expect(all?.fleet).toMatchObject({ ocpp: '2.0.1' });
    fleet = await startFleet(all?.fleet ?? { url: '', count: 0 });
    expect(fleet.chargers).toHaveLength(0);
    expect(fleet.chargers201.map((c) => c.id)).toEqual(['ALL-0001', 'ALL-0002']);

    const mixed = parseCli([
      '--ocpp-mix',
      '0.3',
      '--id-token-type',
      'KeyCode',
      '--plug-in-first',
      '0.5',
      '--clock-offset=-90',
    ]);
    expect(mixed?.fleet).toMatchObject({
      ocppMix: 0.3,
      idTokenType: 'KeyCode',
      plugInFirst: 0.5,
      clockOffsetS: -90,
    });
    expect(() => parseCli(['--ocpp', '2.1'])).toThrow(/--ocpp/);
    expect(() => parseCli(['--id-token-type', 'Badge'])).toThrow(/--id-token-type/);
  });
});
