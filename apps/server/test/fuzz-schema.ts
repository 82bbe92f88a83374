import fc from 'fast-check';
import { hostileDate, hostileValue, Members } from './fuzz-values.js';

/** The part of JSON Schema the API's OpenAPI document uses (zod → JSON Schema, OpenAPI 3.0 style). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

const INT32 = 2 ** 31 - 1;

/** Values to use for fields of these names (charge point ids that exist, hostile meter readings). */
export type Known = Record<string, unknown[]>;

/** Ids of records the demo data has (small numbers), so a valid-looking call finds something. */
const knownId = fc.integer({ min: 1, max: 40 });

function integerArb(s: JsonSchema, name: string): fc.Arbitrary<number> {
  let min = Math.max(s.minimum ?? -INT32 - 1, -(2 ** 53));
  let max = Math.min(s.maximum ?? INT32, 2 ** 53);
  if (s.exclusiveMinimum === true) min += 1;
  else if (typeof s.exclusiveMinimum === 'number') min = s.exclusiveMinimum + 1;
  if (s.exclusiveMaximum === true) max -= 1;
  else if (typeof s.exclusiveMaximum === 'number') max = s.exclusiveMaximum - 1;
  const any = fc.integer({ min, max });
  return /id$/i.test(name) && min <= 40 && max >= 1
    ? fc.oneof({ weight: 3, arbitrary: knownId.filter((n) => n >= min && n <= max) }, any)
    : any;
}

function stringArb(s: JsonSchema, hostility: number): fc.Arbitrary<string> {
  if (s.format === 'date-time') {
    // Around the range the API accepts (1970..2199), both sides of its edges.
    const near = fc
      .date({
        min: new Date('1965-01-01T00:00:00Z'),
        max: new Date('2205-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
    return hostility > 0 ? fc.oneof({ weight: 4, arbitrary: near }, hostileDate) : near;
  }
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  const patterns = [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter((p) => p !== undefined);
  if (patterns.length > 1) {
    // Several rules at once (a password's letter and digit): letters and digits, long enough.
    return fc
      .tuple(fc.stringMatching(/^[A-Za-z]{4,10}$/), fc.stringMatching(/^[0-9]{4,10}$/))
      .map(([a, b]) => `${a}${b}`)
      .filter((v) => patterns.every((p) => new RegExp(p).test(v)));
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const constraints = { minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 60) };
  if (constraints.minLength > constraints.maxLength) constraints.maxLength = constraints.minLength;
  return fc.oneof(fc.string(constraints), fc.string({ ...constraints, unit: 'grapheme' }));
}

/**
 * Values the schema allows (with its extremes: fast-check leans towards bounds), each field of an
 * object replaced by a hostile value now and then (`hostility`: the weight of a hostile field
 * against 4 for a valid one; 0 for bodies that should pass validation and reach the database).
 */
export function fromSchema(
  s: JsonSchema,
  hostility: number,
  known: Known = {},
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const pool = known[name];
  const own = validFrom(s, hostility, known, name, depth);
  const valid = pool?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, own) : own;
  return hostility > 0
    ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: hostility, arbitrary: hostileValue })
    : valid;
}

function validFrom(
  s: JsonSchema,
  hostility: number,
  known: Known,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const inner = (): fc.Arbitrary<unknown> => {
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length)
      return fc.oneof(...alternatives.map((a) => validFrom(a, hostility, known, name, depth)));
    if (s.allOf?.length === 1 && s.allOf[0]) return validFrom(s.allOf[0], hostility, known, name, depth);
    const types = [s.type ?? (s.properties ? 'object' : 'any')].flat();
    return fc.oneof(...types.map((type) => byType(type, s, hostility, known, name, depth)));
  };
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: inner() }, fc.constant(null)) : inner();
}

function byType(
  type: string,
  s: JsonSchema,
  hostility: number,
  known: Known,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
      return integerArb(s, name);
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e12,
        max: s.maximum ?? 1e12,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: s.exclusiveMinimum === true,
        maxExcluded: s.exclusiveMaximum === true,
      });
    case 'string':
      return stringArb(s, hostility);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      // Deep down, only what the schema requires (minItems, required fields), so a valid body of a
      // deep message (a report's profiles' schedules' periods) stays valid.
      return depth > 4
        ? fc.array(fromSchema(s.items ?? {}, hostility, known, name, depth + 1), {
            minLength: s.minItems ?? 0,
            maxLength: s.minItems ?? 0,
          })
        : fc.array(fromSchema(s.items ?? {}, hostility, known, name, depth + 1), {
            minLength: s.minItems ?? 0,
            maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
          });
    case 'object':
      return objectFrom(s, hostility, known, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object with the schema's fields (required ones nearly always), sometimes with extra keys. */
function objectFrom(s: JsonSchema, hostility: number, known: Known, depth: number): fc.Arbitrary<Members> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = props.map(([key, schema]) => {
    const value =
      depth > 4 && !required.has(key)
        ? fc.constant(undefined)
        : fromSchema(schema, hostility, known, key, depth + 1);
    const presence = required.has(key) && hostility === 0 ? fc.constant(true) : fc.boolean();
    return fc
      .tuple(presence, value)
      .map(([present, v]) => [key, present ? v : undefined] as [string, unknown]);
  });
  const extra =
    hostility > 0
      ? fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'id', 'extra', ''), hostileValue), {
          maxLength: 2,
        })
      : fc.constant([] as [string, unknown][]);
  return fc.tuple(fc.tuple(...fields), extra).map(([own, more]) => new Members([...own, ...more]));
}

/** A JSON Schema whose parts may point into its `definitions` (the OCPP 2.0.1 schemas do). */
export interface SchemaWithRefs extends JsonSchema {
  $ref?: string;
  definitions?: Record<string, SchemaWithRefs>;
}

/**
 * The schema with every `#/definitions/…` reference replaced by the definition it names, so
 * `fromSchema` can generate from the OCPP 2.0.1 schemas (none of their definitions is recursive).
 */
export function inlineRefs(root: SchemaWithRefs): JsonSchema {
  const definitions = root.definitions ?? {};
  const walk = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, seen));
    if (node === null || typeof node !== 'object') return node;
    const ref = (node as SchemaWithRefs).$ref;
    if (typeof ref === 'string') {
      const name = ref.replace('#/definitions/', '');
      const target = definitions[name];
      if (!target || seen.includes(name)) return {};
      return walk(target, [...seen, name]);
    }
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== 'definitions')
        .map(([key, value]) => [key, walk(value, seen)]),
    );
  };
  return walk(root, []) as JsonSchema;
}
