import fc from 'fast-check';

/**
 * Shared pieces of the fuzz tests (fuzz-rest, fuzz-ocpp): the seed and run counts, values a
 * hostile or broken client sends, and a JSON writer that can say what JSON.stringify cannot
 * (`-0`, `1e400`, duplicated and `__proto__` keys).
 *
 * FUZZ_SEED replays a run (every failure prints its seed and path); FUZZ_RUNS multiplies the
 * number of cases, e.g. FUZZ_RUNS=20 for a long run before a release.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 1);

/** `base` cases, multiplied by FUZZ_RUNS. */
export const runs = (base: number) => Math.max(1, Math.round(base * FUZZ_RUNS));

/** A test's time limit for `base` ms of fuzzing at the default number of cases. */
export const timeLimit = (base: number) => base * Math.max(1, FUZZ_RUNS);

/** JSON text written as it is, for what JSON.stringify would normalise away. */
export class Raw {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() {
    return `Raw(${abridge(this.text)})`;
  }
}

/** An object as its list of members: keys may repeat or be `__proto__`, as JSON allows. */
export class Members {
  constructor(readonly entries: [string, unknown][]) {}
  [fc.toStringMethod]() {
    return abridge(toJson(this));
  }
}

/** JSON text of a value made of plain values, Raw and Members (undefined members are left out). */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Members) {
    const parts = value.entries
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${parts.join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return toJson(new Members(Object.entries(value as Record<string, unknown>)));
  }
  return JSON.stringify(value) ?? 'null';
}

/** Long texts shortened for a failure report. */
export const abridge = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;

export const LONG = 'x'.repeat(100_000);

/** Numbers past every column and every safe integer, and the fractions and signs ids never have. */
const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    0.5,
    -0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.constantFrom(
    new Raw('-0'),
    new Raw('1e400'),
    new Raw('-1e400'),
    new Raw('1.0'),
    new Raw('123456789012345678901234567890'),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Dates a broken clock or a careless client writes, beside a few good ones. */
export const hostileDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0000-01-01T00:00:00Z',
    '0000-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '1969-12-31T23:59:59Z',
    '1970-01-01T00:00:00Z',
    '2199-12-31T23:59:59.999Z',
    '2200-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:60Z',
    '2026-06-01T12:00:00.123456789Z',
    '2026-06-01T12:00:00+14:00',
    '2026-06-01T12:00:00-23:59',
    '2026-06-01',
    '2026-06-01 12:00:00',
    '01/06/2026',
    'yesterday',
    'NaN',
    '',
  ),
  fc
    .date({ min: new Date(-62_167_219_200_000), max: new Date(253_402_300_799_999), noInvalidDate: true })
    .map((d) => d.toISOString()),
);

/** Texts the database cannot hold, that look like numbers, or that are very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uDBFF',
    '\uD83D\uDE00',
    '\uFEFF',
    '\u202Eevil',
    '\u200B',
    ' ',
    '\r\n',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '-0',
    '0x10',
    ' 12 ',
    '١٢٣',
    'İıŞşĞğ',
    "'; DROP TABLE users; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '${7*7}',
    LONG,
    'x'.repeat(1_000),
    'ȧ'.repeat(10_000),
  ),
  hostileDate,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
);

/** Arrays nested past any schema, and objects that try to pollute the prototype. */
const hostileStructure: fc.Arbitrary<unknown> = fc.constantFrom(
  new Raw(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
  new Raw(`${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`),
  new Members([['__proto__', new Members([['polluted', 'yes']])]]),
  new Members([['constructor', new Members([['prototype', new Members([['polluted', 'yes']])]])]]),
  new Members([
    ['a', 1],
    ['a', 'two'],
  ]),
  [[[[[[[[[[]]]]]]]]]],
  Array.from({ length: 10_000 }, (_, i) => i),
  {},
  [],
);

/** Any value of any type: the wrong type for almost every field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: hostileStructure },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Times a charger's clock gives: now, an hour ago, and the edges of what can be stored. */
const chargerTimes = (now: number) => [
  new Date(now).toISOString(),
  new Date(now - 3_600_000).toISOString(),
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  '2199-12-31T23:59:59.999Z',
  '2200-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-02-30T00:00:00Z',
  '2026-06-01T12:00:00+14:00',
  'yesterday',
];

const ids201 = [0, 1, 2, 3, 99, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e308];

/**
 * Values of OCPP 2.0.1 fields by name, for fuzz-ocpp201: EVSEs and plugs that exist and that do
 * not, sequence numbers past every column, the charger's own transaction ids (a few, so events
 * meet in one transaction, and ones no column or index should take), sampled values as numbers
 * (2.0.1 sends them as JSON numbers, not text), and tokens of every type, known or not.
 */
export const ocpp201Known = (now: number): Record<string, unknown[]> => ({
  evseId: ids201,
  connectorId: ids201,
  id: ids201,
  seqNo: [0, 1, 2, 3, -1, 2 ** 31, 2 ** 53, 1e308],
  transactionId: ['T-1', 'T-2', 'T-3', '', ' ', '\u0000', 'a\u0000b', '\uD800', 'İ', 'x'.repeat(36), '1'],
  remoteStartId: [0, -1, 2 ** 31, 2 ** 53],
  reservationId: [0, -1, 2 ** 31, 2 ** 53],
  requestId: [0, -1, 2 ** 31, 2 ** 53],
  eventId: [0, 1, -1, 2 ** 31, 2 ** 53],
  value: [0, 1000.5, 6000, -5, 2 ** 53, 1e308, -1e308, new Raw('1e400'), new Raw('-0')],
  multiplier: [0, 3, -3, 127, -128, 308, 400, -400],
  idToken: [
    { idToken: 'DEMO0001', type: 'ISO14443' },
    { idToken: 'DEMO0003', type: 'Central' },
    { idToken: '', type: 'NoAuthorization' },
    { idToken: 'UNKNOWN-TAG', type: 'eMAID' },
    { idToken: '\u0000', type: 'KeyCode' },
    { idToken: 'İ', type: 'Local' },
    { idToken: 'DEMO0001', type: 'MacAddress' },
  ],
  timestamp: chargerTimes(now),
  generatedAt: chargerTimes(now),
  vendorId: ['Voltline', '\u0000', 'x\uDC00', ''],
  messageId: ['', '\u0000', 'x'.repeat(50)],
  data: ['{}', '\u0000', 'a\uD800b', { nested: ['\u0000'] }, LONG],
  techInfo: ['\u0000', '\uD800', 'Ground fault'],
  techCode: ['\u0000', 'GF-12'],
  actualValue: ['true', '\u0000', '\uD800'],
  csr: ['', '-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----', '\u0000'],
  vendorName: ['Voltline', 'a\u0000b', '\uDBFF'],
});
