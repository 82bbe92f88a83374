import ocppRpc from 'ocpp-rpc';
import { MAX_TIME, MIN_TIME } from '../lib/storable-time.js';

const answered = new WeakSet<Error>();

/** An OCPP-J CALLERROR to throw from a handler or validator (typed as the Error it is). */
export function rpcError(code: string, description: string): Error {
  const err = ocppRpc.createRPCError(code, description) as Error;
  answered.add(err);
  return err;
}

/** Whether a handler threw this CALLERROR on purpose (it goes to the charger as it is). */
export const isRpcError = (err: unknown) => err instanceof Error && answered.has(err);

/** Connector numbers Voltline accepts: 0 is the charge point itself; no charger has more than 99. */
export const MAX_CONNECTOR_ID = 99;

/** Refuses a connector number no charger has, as OCPP-J says: PropertyConstraintViolation. */
export function checkConnector(connectorId: number, min: 0 | 1) {
  if (connectorId < min || connectorId > MAX_CONNECTOR_ID) {
    throw rpcError(
      'PropertyConstraintViolation',
      `connectorId ${connectorId} is outside ${min}..${MAX_CONNECTOR_ID}`,
    );
  }
}

/**
 * Refuses a time no charging happens at (before 1970 or from 2200 on: a charger's clock gone
 * wrong beyond what can be stored or counted) with PropertyConstraintViolation.
 */
export function checkTime(field: string, value: string | undefined) {
  if (value === undefined) return;
  const t = Date.parse(value);
  if (!(t >= MIN_TIME && t < MAX_TIME)) {
    throw rpcError('PropertyConstraintViolation', `${field} ${value} is not a time between 1970 and 2199`);
  }
}

/** Refuses an id beyond the 32-bit integers every OCPP id (transaction, reservation) is stored in. */
export function checkId(field: string, value: number | undefined) {
  if (value === undefined) return;
  if (value < -2_147_483_648 || value > 2_147_483_647) {
    throw rpcError('PropertyConstraintViolation', `${field} ${value} is beyond a 32-bit integer`);
  }
}

/**
 * Refuses a meter register JavaScript cannot hold exactly (beyond ±2⁵³): such a figure is not the
 * one the charger sent. A possible but absurd figure is stored, and its session held for review.
 */
export function checkMeter(field: string, value: number) {
  if (!Number.isSafeInteger(value)) {
    throw rpcError(
      'PropertyConstraintViolation',
      `${field} ${value} is beyond what a meter can read exactly`,
    );
  }
}
