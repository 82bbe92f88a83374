import { GRID_VOLTAGE, type ChargingRateUnit } from '@voltline/contract';
import { formatNumber } from '../../lib/format';

// A group's powers travel in its charging rate unit: A per phase, or W. People think of W in kW,
// so W is shown and typed as kW and turned back into W before it is sent.

/** The unit a person reads and types for a group's unit. */
export const shownUnit = (unit: ChargingRateUnit): 'A' | 'kW' => (unit === 'W' ? 'kW' : 'A');

/** A value in the group's unit as shown (W → kW). */
export const toShown = (value: number, unit: ChargingRateUnit): number =>
  unit === 'W' ? value / 1000 : value;

/** A value typed by the user, in the group's unit as sent (kW → whole W). */
export const toSent = (shown: number, unit: ChargingRateUnit): number =>
  unit === 'W' ? Math.round(shown * 1000) : Math.round(shown * 10) / 10;

const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** "10.7 A" or "7.4 kW" in the interface language. */
export function formatInUnit(value: number | null | undefined, unit: ChargingRateUnit, lng: string): string {
  if (value === null || value === undefined) return '—';
  return `${formatNumber(oneDecimal(toShown(value, unit)), lng)} ${shownUnit(unit)}`;
}

/** Measured power, always in kW. */
export function formatKw(watts: number | null | undefined, lng: string): string {
  if (watts === null || watts === undefined) return '—';
  return `${formatNumber(oneDecimal(watts / 1000), lng)} kW`;
}

/** How much of the limit is given out, as a whole percentage between 0 and 100. */
export function sharePercent(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

/**
 * A shown value carried over when the form's unit changes (A per phase ↔ kW), at the contract's
 * nominal voltage and the group's phases, so a limit typed once keeps its meaning.
 */
export function convertShown(
  shown: number,
  from: ChargingRateUnit,
  to: ChargingRateUnit,
  phases: number,
): number {
  if (from === to) return shown;
  const wattsPerAmp = GRID_VOLTAGE * phases;
  return from === 'A'
    ? Math.round((shown * wattsPerAmp) / 100) / 10
    : Math.round(((shown * 1000) / wattsPerAmp) * 10) / 10;
}
