import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from './index.js';
import { TestCentralSystem, type Received } from './test-server.js';

let cs: TestCentralSystem;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
  cs.bootStatus = 'Accepted';
  cs.heartbeatInterval = 300;
});
afterAll(async () => {
  await cs.close();
});

async function charger(options: Partial<Parameters<typeof startCharger>[0]> & { id: string }) {
  const c = await startCharger({ url: cs.url, initialEnergyWh: 1_000_000, ...options });
  chargers.push(c);
  return c;
}

function energy(m: Received): number {
  const meterValue = m.payload.meterValue as Array<{
    sampledValue: Array<{ measurand?: string; value: string }>;
  }>;
  const sample = meterValue[0]?.sampledValue.find((s) => s.measurand === 'Energy.Active.Import.Register');
  return Number(sample?.value);
}

describe('boot and heartbeat', () => {
  it('boots with its identity, reports every connector and heartbeats at the interval it was given', async () => {
    cs.heartbeatInterval = 1;
    const c = await charger({ id: 'CP-BOOT', firmware: '3.2.1', vendor: 'Acme', model: 'Wallbox X' });
    expect(c.bootState).toBe('Accepted');
    const boot = await cs.nth('CP-BOOT', 'BootNotification');
    expect(boot.payload).toMatchObject({
      chargePointVendor: 'Acme',
      chargePointModel: 'Wallbox X',
      firmwareVersion: '3.2.1',
    });
    await cs.until(() => cs.messages('CP-BOOT', 'StatusNotification').length >= 3, 2000, 'statuses');
    const statuses = cs.messages('CP-BOOT', 'StatusNotification').map((m) => m.payload.connectorId);
    expect(statuses).toEqual([0, 1, 2]);
    expect(c.config.get('HeartbeatInterval')).toBe('1');
    const second = await cs.nth('CP-BOOT', 'Heartbeat', 2, 4000);
    const first = cs.messages('CP-BOOT', 'Heartbeat')[0] as Received;
    expect(first.at - boot.at).toBeGreaterThanOrEqual(900);
    expect(second.at - first.at).toBeGreaterThanOrEqual(900);
    expect(second.at - first.at).toBeLessThan(1500);
  });

  it('retries BootNotification after the interval while Pending and only reports status once Accepted', async () => {
    cs.bootStatus = 'Pending';
    cs.heartbeatInterval = 1;
    const c = await charger({ id: 'CP-PENDING' });
    expect(c.bootState).toBe('Pending');
    const first = await cs.nth('CP-PENDING', 'BootNotification');
    cs.bootStatus = 'Accepted';
    const second = await cs.nth('CP-PENDING', 'BootNotification', 2, 3000);
    expect(second.at - first.at).toBeGreaterThanOrEqual(900);
    const statuses = await cs.until(() => {
      const s = cs.messages('CP-PENDING', 'StatusNotification');
      return s.length >= 3 && s;
    });
    expect(statuses.every((s) => s.at >= second.at)).toBe(true);
    expect(c.bootState).toBe('Accepted');
  });

  it('sends HTTP Basic auth with the charger id, or with another user name when asked', async () => {
    await charger({ id: 'CP-AUTH', password: 's3cret' });
    await charger({ id: 'CP-AUTH2', password: 'pw', basicAuthUser: 'legacy-user' });
    const h1 = cs.handshakes.find((h) => h.identity === 'CP-AUTH');
    const h2 = cs.handshakes.find((h) => h.identity === 'CP-AUTH2');
    expect(h1?.authorization).toBe(`Basic ${Buffer.from('CP-AUTH:s3cret').toString('base64')}`);
    expect(h2?.authorization).toBe(`Basic ${Buffer.from('legacy-user:pw').toString('base64')}`);
    await charger({ id: 'CP-NOAUTH' });
    expect(cs.handshakes.find((h) => h.identity === 'CP-NOAUTH')?.authorization).toBeUndefined();
  });
});

describe('sessions', () => {
  it('authorizes, starts, sends rising meter values and stops with a consistent meterStop', async () => {
    const c = await charger({ id: 'CP-SESSION', speed: 20, config: { MeterValueSampleInterval: '10' } });
    const start = await c.startSession(1, 'TAG-1');
    expect(start.status).toBe('Accepted');
    expect(start.transactionId).toBeGreaterThanOrEqual(1000);
    expect(cs.messages('CP-SESSION', 'Authorize')[0]?.payload).toEqual({ idTag: 'TAG-1' });
    const startTx = await cs.nth('CP-SESSION', 'StartTransaction');
    expect(startTx.payload).toMatchObject({ connectorId: 1, idTag: 'TAG-1', meterStart: 1_000_000 });

    await cs.nth('CP-SESSION', 'MeterValues', 4, 5000);
    const samples = cs.messages('CP-SESSION', 'MeterValues');
    expect(samples.every((m) => m.payload.transactionId === start.transactionId)).toBe(true);
    const energies = samples.map(energy);
    for (let i = 1; i < energies.length; i++) expect(energies[i]).toBeGreaterThan(energies[i - 1] as number);
    const measurands = (
      samples[0]?.payload.meterValue as Array<{ sampledValue: Array<Record<string, string>> }>
    )[0]?.sampledValue;
    expect(measurands?.filter((s) => s.measurand === 'Current.Import').map((s) => s.phase)).toEqual([
      'L1',
      'L2',
      'L3',
    ]);
    expect(measurands?.map((s) => s.measurand)).toEqual(
      expect.arrayContaining(['Energy.Active.Import.Register', 'Power.Active.Import', 'Voltage', 'SoC']),
    );

    expect(c.stopSession(1)).toBe(true);
    const stop = await cs.nth('CP-SESSION', 'StopTransaction');
    const lastSample = energies.at(-1) as number;
    expect(stop.payload).toMatchObject({
      transactionId: start.transactionId,
      reason: 'Local',
      idTag: 'TAG-1',
    });
    expect(stop.payload.meterStop as number).toBeGreaterThanOrEqual(lastSample);
    expect(c.meterValues[1]?.energyWh).toBe(stop.payload.meterStop);
    const data = stop.payload.transactionData as Array<{
      sampledValue: Array<{ context: string; value: string }>;
    }>;
    expect(data.map((d) => d.sampledValue[0]?.context)).toEqual(['Transaction.Begin', 'Transaction.End']);
    expect(Number(data[1]?.sampledValue[0]?.value)).toBe(stop.payload.meterStop);

    // What the central system received: the charger's own status changes before its frame arrives.
    const connector1 = () =>
      cs
        .messages('CP-SESSION', 'StatusNotification')
        .filter((m) => m.payload.connectorId === 1)
        .map((m) => m.payload.status);
    await cs.until(() => connector1().length >= 5, 2000, 'Available again');
    expect(connector1()).toEqual(['Available', 'Preparing', 'Charging', 'Finishing', 'Available']);
    expect(c.connectorStatuses[1]).toBe('Available');
  });

  it('does not start a transaction when Authorize is refused', async () => {
    cs.rejectIdTags.add('STOLEN');
    const c = await charger({ id: 'CP-REFUSED' });
    const result = await c.startSession(2, 'STOLEN');
    expect(result).toEqual({ status: 'Invalid' });
    expect(c.activeTransactions).toEqual({});
    expect(cs.messages('CP-REFUSED', 'StartTransaction')).toHaveLength(0);
  });

  it('swiping the card that started a session stops it', async () => {
    const c = await charger({ id: 'CP-SWIPE' });
    c.plugIn(1);
    expect((await c.swipe('TAG-S', 1)).status).toBe('Accepted');
    const started = await cs.nth('CP-SWIPE', 'StartTransaction');
    expect(started.payload.idTag).toBe('TAG-S');
    await c.swipe('TAG-S', 1);
    const stop = await cs.nth('CP-SWIPE', 'StopTransaction');
    expect(stop.payload.reason).toBe('Local');
  });

  it('sends clock-aligned meter values when ClockAlignedDataInterval is set', async () => {
    await charger({ id: 'CP-ALIGNED', config: { ClockAlignedDataInterval: '1' } });
    const aligned = await cs.nth('CP-ALIGNED', 'MeterValues', 2, 3000);
    const values = aligned.payload.meterValue as Array<{
      sampledValue: Array<{ context: string; measurand: string }>;
    }>;
    expect(values[0]?.sampledValue[0]).toMatchObject({
      context: 'Sample.Clock',
      measurand: 'Energy.Active.Import.Register',
    });
    expect(aligned.payload.transactionId).toBeUndefined();
  });

  it('faults a connector with an OCPP error code, stopping its session, and recovers', async () => {
    const c = await charger({ id: 'CP-FAULT' });
    await c.startSession(1, 'TAG-F');
    c.fault(1, 'HighTemperature');
    const faulted = await cs.until(() =>
      cs.messages('CP-FAULT', 'StatusNotification').find((m) => m.payload.status === 'Faulted'),
    );
    expect(faulted.payload).toMatchObject({ connectorId: 1, errorCode: 'HighTemperature' });
    expect((await cs.nth('CP-FAULT', 'StopTransaction')).payload.reason).toBe('Other');
    c.clearFault(1);
    expect(c.connectorStatuses[1]).toBe('Preparing');
  });
});
