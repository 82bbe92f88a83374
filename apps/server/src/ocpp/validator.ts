import { createRequire } from 'node:module';
import ocppRpc from 'ocpp-rpc';
import { rpcError } from './rpc-error.js';

const { createValidator } = ocppRpc;
const require = createRequire(import.meta.url);
const schemas = require('ocpp-rpc/lib/schemas/ocpp1_6.json') as object[];

/**
 * The official OCPP 1.6 schemas, except that an action with no schema is answered NotImplemented
 * (what OCPP-J prescribes for an unknown action) rather than the library's ProtocolError.
 */
export function ocpp16Validator() {
  const inner = createValidator('ocpp1.6', schemas);
  const known = new Set(schemas.map((s) => (s as { $id?: string }).$id));
  return {
    get subprotocol() {
      return inner.subprotocol;
    },
    validate(schemaId: string, params: unknown) {
      if (!known.has(schemaId)) {
        throw rpcError('NotImplemented', `${schemaId.replace(/^urn:|\.(req|conf)$/g, '')} is not supported`);
      }
      return inner.validate(schemaId, params);
    },
  };
}
