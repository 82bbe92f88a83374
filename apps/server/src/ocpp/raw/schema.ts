import { createRequire } from 'node:module';
import { rawCallActions, type OcppProtocol } from '@voltline/contract';
import type { MessageKey } from '../../lib/messages.js';

const require = createRequire(import.meta.url);
// ocpp-rpc's own Ajv and formats (the engine its strict mode validates every frame with), here
// reporting every problem of a request instead of the first.
const fromRpc = createRequire(require.resolve('ocpp-rpc'));

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}
type Check = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
interface Ajv {
  addSchema(schemas: object[]): void;
  getSchema(id: string): Check | undefined;
  removeKeyword(keyword: string): void;
  addKeyword(definition: object): void;
}

const FILES: Record<OcppProtocol, string> = {
  'ocpp1.6': 'ocpp1_6.json',
  'ocpp2.0.1': 'ocpp2_0_1.json',
};

function engine(protocol: OcppProtocol): Ajv {
  const AjvClass = fromRpc('ajv') as new (options: object) => Ajv;
  const addFormats = fromRpc('ajv-formats') as (ajv: Ajv) => void;
  const ajv = new AjvClass({ strictSchema: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(require(`ocpp-rpc/lib/schemas/${FILES[protocol]}`) as object[]);
  // As ocpp-rpc does: a decimal such as 0.3 is a multiple of 0.1 despite floating point.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    errors: false,
    metaSchema: { type: 'number' },
    compile: (step: number) => (data: number) => {
      const n = data / step;
      return Math.abs(Math.round(n) - n) < 1e-6;
    },
  });
  return ajv;
}

const engines = new Map<OcppProtocol, Ajv>();
const engineOf = (protocol: OcppProtocol) => {
  let ajv = engines.get(protocol);
  if (!ajv) engines.set(protocol, (ajv = engine(protocol)));
  return ajv;
};

/** One problem of a request, for the API's field errors (`body.payload.…`). */
export interface SchemaProblem {
  field: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

const TYPES: Record<string, MessageKey> = {
  integer: 'field.wholeNumber',
  number: 'field.number',
  string: 'field.text',
  boolean: 'field.yesNo',
  array: 'field.list',
  object: 'field.object',
};

function problemOf(e: AjvError): SchemaProblem {
  const path = ['body', 'payload', ...e.instancePath.split('/').filter(Boolean)];
  const field = path.join('.');
  const n = (key: MessageKey, value: unknown) => ({ field, key, params: { n: Number(value) } });
  const p = e.params;
  switch (e.keyword) {
    case 'required':
      return { field: [...path, String(p.missingProperty)].join('.'), key: 'validation.required' };
    case 'additionalProperties':
      return { field, key: 'field.unknownFields', params: { keys: String(p.additionalProperty) } };
    case 'type':
      return { field, key: TYPES[String(p.type)] ?? 'field.invalid' };
    case 'enum':
      return {
        field,
        key: 'field.oneOf',
        params: { values: Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : '' },
      };
    case 'maxLength':
      return n('field.textTooLong', p.limit);
    case 'minLength':
      return n('field.textTooShort', p.limit);
    case 'maximum':
      return n('field.numberTooLarge', p.limit);
    case 'minimum':
      return n('field.numberTooSmall', p.limit);
    case 'exclusiveMinimum':
      return n('field.numberAboveZero', p.limit);
    case 'exclusiveMaximum':
      return n('field.numberBelow', p.limit);
    case 'maxItems':
      return n('field.tooManyItems', p.limit);
    case 'minItems':
      return n('field.tooFewItems', p.limit);
    case 'format':
      return { field, key: p.format === 'date-time' ? 'field.dateTime' : 'field.format' };
    default:
      return { field, key: 'field.invalid' };
  }
}

/**
 * What is wrong with a request of this protocol against its official schema: `unknown` when it is
 * no request a central system sends a charger of that version, else every problem (none: it may go).
 */
export function checkRawRequest(
  protocol: OcppProtocol,
  action: string,
  payload: Record<string, unknown>,
): 'unknown' | SchemaProblem[] {
  if (!rawCallActions(protocol).includes(action)) return 'unknown';
  const check = engineOf(protocol).getSchema(`urn:${action}.req`);
  if (!check) return 'unknown';
  if (check(payload)) return [];
  return (check.errors ?? []).map(problemOf);
}

/** The protocol as people name it (OCPP 2.0.1). */
export const protocolName = (protocol: OcppProtocol) => protocol.replace(/^ocpp/, 'OCPP ');
