import ocppRpc from 'ocpp-rpc';

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
