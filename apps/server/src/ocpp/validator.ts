import { createRequire } from 'node:module';
import ocppRpc from 'ocpp-rpc';
import { unstorableText } from '../plugins/text-guard.js';
import { rpcError } from './rpc-error.js';

const { createValidator } = ocppRpc;
const require = createRequire(import.meta.url);

/**
 * The official schemas of an OCPP version (ocpp-rpc's copies of OCPP 1.6 and 2.0.1), except that an
 * action with no schema is answered NotImplemented (what OCPP-J prescribes for an unknown action)
 * rather than the library's ProtocolError, a refusal does not repeat the payload, and text the
 * database cannot store is refused.
 */
function ocppValidator(subprotocol: 'ocpp1.6' | 'ocpp2.0.1', file: string) {
  const schemas = require(`ocpp-rpc/lib/schemas/${file}`) as object[];
  const inner = createValidator(subprotocol, schemas);
  const known = new Set(schemas.map((s) => (s as { $id?: string }).$id));
  return {
    get subprotocol() {
      return inner.subprotocol;
    },
    validate(schemaId: string, params: unknown) {
      if (!known.has(schemaId)) {
        throw rpcError('NotImplemented', `${schemaId.replace(/^urn:|\.(req|conf)$/g, '')} is not supported`);
      }
      let valid: ReturnType<typeof inner.validate>;
      try {
        valid = inner.validate(schemaId, params);
      } catch (err) {
        // The library's CALLERROR repeated the whole payload in its details: one nested a few
        // thousand levels deep cannot be written as JSON again, and the charger was disconnected
        // instead of answered. The charger has its payload; it is told what is wrong with it.
        const e = err as { details?: { errors?: unknown } };
        if (e.details) e.details = { errors: e.details.errors };
        throw err;
      }
      // As the REST API does: text PostgreSQL cannot store (a NUL, a lone surrogate) is refused
      // here, by field, before a handler runs; it used to reach the database and fail there.
      const field = schemaId.endsWith('.req') ? unstorableText(params, '') : null;
      if (field) {
        throw rpcError(
          'PropertyConstraintViolation',
          `${field.slice(1)} contains characters that cannot be stored (a NUL byte or a broken character)`,
        );
      }
      return valid;
    },
  };
}

export const ocpp16Validator = () => ocppValidator('ocpp1.6', 'ocpp1_6.json');
export const ocpp201Validator = () => ocppValidator('ocpp2.0.1', 'ocpp2_0_1.json');
