import ocppRpc from 'ocpp-rpc';

/** An OCPP-J CALLERROR to throw from a handler or validator (typed as the Error it is). */
export function rpcError(code: string, description: string): Error {
  return ocppRpc.createRPCError(code, description) as Error;
}
