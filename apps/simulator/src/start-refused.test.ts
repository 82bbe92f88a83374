import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger, type SimChargerOptions, type Vehicle } from './index.js';
import { TestCentralSystem, type Received } from './test-server.js';

let cs: TestCentralSystem;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
  // Authorize accepts these cards; StartTransaction, which checks again, refuses them.
  cs.refuseAtStart.set('REVOKED', 'Blocked');
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await cs.close();
});

const car = (): Vehicle => ({ capacityWh: 80_000, soc: 20, maxPowerW: 11_000, targetSoc: 100 });

async function charger(
  id: string,
  config: Record<string, string> = {},
  options: Partial<SimChargerOptions> = {},
) {
  const c = await startCharger({
    url: cs.url,
    id,
    speed: 20,
    initialEnergyWh: 1_000_000,
    config: { MeterValueSampleInterval: '10', ...config },
    ...options,
  });
  chargers.push(c);
  c.plugIn(1, car());
  return c;
}

function sample(m: Received, measurand: string): number {
  const meterValue = m.payload.meterValue as Array<{
    sampledValue: Array<{ measurand?: string; value: string }>;
  }>;
  return Number(meterValue[0]?.sampledValue.find((s) => s.measurand === measurand)?.value);
}

describe('a start the central system refuses', () => {
  it('is stopped at once with reason DeAuthorized when StopTransactionOnInvalidId is true (the default)', async () => {
    const c = await charger('CP-DEAUTH');
    expect(c.configuration.StopTransactionOnInvalidId).toBe('true');
    const start = await c.startSession(1, 'REVOKED');
    expect(start).toMatchObject({ status: 'Accepted', startStatus: 'Blocked' });
    const stop = await cs.nth('CP-DEAUTH', 'StopTransaction');
    expect(stop.payload).toMatchObject({ transactionId: start.transactionId, reason: 'DeAuthorized' });
    // The charger stopped by itself: no idTag stopped it.
    expect(stop.payload.idTag).toBeUndefined();
    expect(c.activeTransactions).toEqual({});
    // The cable stays locked (Finishing) until the driver comes back; the cache now knows the card.
    expect(c.connectorStatuses[1]).toBe('Finishing');
    expect(c.localAuth.lookup('REVOKED')?.status).toBe('Blocked');
  });

  it('with StopTransactionOnInvalidId false only stops energy delivery: the transaction stays open and metered', async () => {
    const c = await charger('CP-HOLD', { StopTransactionOnInvalidId: 'false' });
    const start = await c.startSession(1, 'REVOKED');
    expect(start.startStatus).toBe('Blocked');
    await cs.until(() => c.connectorStatuses[1] === 'SuspendedEVSE', 3000, 'SuspendedEVSE');
    const before = cs.messages('CP-HOLD', 'MeterValues').length;
    const later = await cs.nth('CP-HOLD', 'MeterValues', before + 3, 5000);
    const samples = cs.messages('CP-HOLD', 'MeterValues').slice(before);
    expect(samples.every((m) => m.payload.transactionId === start.transactionId)).toBe(true);
    expect(sample(later, 'Power.Active.Import')).toBe(0);
    expect(new Set(samples.map((m) => sample(m, 'Energy.Active.Import.Register'))).size).toBe(1);
    expect(c.activeTransactions).toEqual({ 1: start.transactionId });
    expect(cs.messages('CP-HOLD', 'StopTransaction')).toHaveLength(0);

    // It ends the usual way: the driver stops it.
    c.stopSession(1);
    const stop = await cs.nth('CP-HOLD', 'StopTransaction');
    expect(stop.payload).toMatchObject({
      transactionId: start.transactionId,
      reason: 'Local',
      idTag: 'REVOKED',
    });
  });

  it('with a MaxEnergyOnInvalidId keeps charging up to that energy, then suspends', async () => {
    const c = await charger('CP-BUDGET', { StopTransactionOnInvalidId: 'false', MaxEnergyOnInvalidId: '40' });
    const start = await c.startSession(1, 'REVOKED');
    expect(start.startStatus).toBe('Blocked');
    await cs.until(() => c.connectorStatuses[1] === 'SuspendedEVSE', 5000, 'SuspendedEVSE');
    c.stopSession(1);
    const stop = await cs.nth('CP-BUDGET', 'StopTransaction');
    // 40 Wh after the refusal, plus the little the car took before the answer arrived.
    const delivered = (stop.payload.meterStop as number) - 1_000_000;
    expect(delivered).toBeGreaterThanOrEqual(39);
    expect(delivered).toBeLessThanOrEqual(45);
  });

  it('keeps charging and sending rising MeterValues when the budget is large, then stops normally', async () => {
    const c = await charger('CP-IGNORE', {
      StopTransactionOnInvalidId: 'false',
      MaxEnergyOnInvalidId: '1000000000',
    });
    const start = await c.startSession(1, 'REVOKED');
    expect(start.startStatus).toBe('Blocked');
    const fourth = await cs.nth('CP-IGNORE', 'MeterValues', 4, 5000);
    const energies = cs
      .messages('CP-IGNORE', 'MeterValues')
      .map((m) => sample(m, 'Energy.Active.Import.Register'));
    for (let i = 1; i < energies.length; i++) expect(energies[i]).toBeGreaterThan(energies[i - 1] as number);
    expect(sample(fourth, 'Power.Active.Import')).toBeGreaterThan(0);
    expect(c.connectorStatuses[1]).toBe('Charging');
    c.stopSession(1);
    const stop = await cs.nth('CP-IGNORE', 'StopTransaction');
    expect(stop.payload).toMatchObject({ transactionId: start.transactionId, reason: 'Local' });
    expect(stop.payload.meterStop as number).toBeGreaterThan(1_000_000);
  });

  it('a card from an outdated local list is started on without Authorize and refused by StartTransaction', async () => {
    const c = await charger('CP-STALE', {}, { revokedIdTags: ['REVOKED'] });
    expect(c.configuration.LocalPreAuthorize).toBe('true');
    const start = await c.startSession(1, 'REVOKED');
    expect(start).toMatchObject({ status: 'Accepted', startStatus: 'Blocked' });
    expect(cs.messages('CP-STALE', 'Authorize')).toHaveLength(0);
    expect((await cs.nth('CP-STALE', 'StopTransaction')).payload.reason).toBe('DeAuthorized');
    // The list, not the cache, answers for a card it holds: only SendLocalList changes it.
    expect(c.localAuth.lookup('REVOKED')?.status).toBe('Accepted');
  });
});
