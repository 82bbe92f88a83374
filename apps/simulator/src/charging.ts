import type { SimCharger } from './charger.js';
import type { Connector, Transaction } from './connector.js';
import { charge, chargingPower } from './power-curve.js';

/** A driver whose car stopped charging after a refusal waits this long (simulated minutes) before leaving. */
const GIVE_UP_MIN = [10, 30] as const;

/** The power the connector may deliver now: its rating, the charging profiles, and a refusal's budget. */
export function limitW(charger: SimCharger, c: Connector, tx: Transaction): number {
  if (tx.invalidEnergyLeftWh !== undefined && tx.invalidEnergyLeftWh <= 0) return 0;
  return Math.min(charger.options.maxPower, charger.profiles.limitW(c.id, new Date(), tx.startedAt, tx.id));
}

/** Integrates the power curve since the last update into the energy register and the vehicle's SoC. */
export function advance(charger: SimCharger, c: Connector): void {
  const tx = c.transaction;
  if (!tx || !c.vehicle) return;
  const nowSim = Date.now() * charger.options.speed;
  const last = c.lastAdvanceSim ?? nowSim;
  const dtS = Math.max(0, (nowSim - last) / 1000);
  c.lastAdvanceSim = nowSim;
  if (dtS === 0) return;
  let power = chargingPower(c.vehicle, limitW(charger, c, tx), tx.elapsedSimMs / 1000);
  const left = tx.invalidEnergyLeftWh;
  // A refused transaction's budget may run out within the step: deliver exactly what is left.
  if (left !== undefined) power = Math.min(power, (left * 3600) / dtS);
  const delivered = charge(c.vehicle, power, dtS);
  c.energyWh += delivered;
  if (left !== undefined) tx.invalidEnergyLeftWh = Math.max(0, left - delivered);
  c.powerW = power;
  tx.elapsedSimMs += dtS * 1000;
  c.sinceSampleMs += dtS * 1000;
}

/** Automatic sessions: the driver leaves once the car is full, or gives up on a car a refusal stopped. */
export function driverLeaves(charger: SimCharger, c: Connector, tx: Transaction): boolean {
  const vehicle = c.vehicle;
  if (!charger.options.autoSessions || !vehicle) return false;
  if (vehicle.soc >= vehicle.targetSoc) return true;
  if (tx.invalidEnergyLeftWh !== 0) return false;
  if (tx.giveUpAtSimMs === undefined) {
    const [min, max] = GIVE_UP_MIN;
    tx.giveUpAtSimMs = tx.elapsedSimMs + (min + charger.options.random() * (max - min)) * 60_000;
  }
  return tx.elapsedSimMs >= tx.giveUpAtSimMs;
}
