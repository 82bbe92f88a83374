import type { Db } from '../../db/client.js';
import { findVariable, type VariableRow } from './device-model.repository.js';

/**
 * Splits a request's items into CALLs the charger accepts (B05/B06): at most `items` entries per
 * message and, where the charger reported BytesPerMessage, at most that many bytes of JSON
 * payload. An item too big alone still goes alone: the charger answers for it.
 */
export function splitItems<T>(
  all: T[],
  limits: { items: number | null; bytes: number | null },
  payloadOf: (chunk: T[]) => unknown,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  for (const item of all) {
    const next = [...current, item];
    const tooMany = limits.items !== null && next.length > limits.items;
    const tooBig = limits.bytes !== null && Buffer.byteLength(JSON.stringify(payloadOf(next))) > limits.bytes;
    if (current.length > 0 && (tooMany || tooBig)) {
      chunks.push(current);
      current = [item];
    } else {
      current = next;
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** A positive whole number from a reported value, or null (not reported, or not a limit). */
export function limitOf(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** A stored variable of a charger's device model (no component instance, no EVSE). */
export function storedVariable(
  db: Db,
  chargePointId: number,
  componentName: string,
  variableName: string,
  variableInstance: string | null = null,
): Promise<VariableRow | undefined> {
  return findVariable(db, chargePointId, {
    componentName,
    componentInstance: null,
    evseId: null,
    connectorId: null,
    variableName,
    variableInstance,
  });
}

/** The Actual value of a stored variable, as a limit (null where not reported or not a count). */
export async function storedLimit(...args: Parameters<typeof storedVariable>): Promise<number | null> {
  const row = await storedVariable(...args);
  return limitOf(row?.attributes.find((a) => a.type === 'Actual')?.value);
}

/** The charger's own limits for one message (DeviceDataCtrlr ItemsPerMessage / BytesPerMessage). */
export async function messageLimits(
  db: Db,
  chargePointId: number,
  instance: 'SetVariables' | 'GetVariables',
) {
  return {
    items: await storedLimit(db, chargePointId, 'DeviceDataCtrlr', 'ItemsPerMessage', instance),
    bytes: await storedLimit(db, chargePointId, 'DeviceDataCtrlr', 'BytesPerMessage', instance),
  };
}
