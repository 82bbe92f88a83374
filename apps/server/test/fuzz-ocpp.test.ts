import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { ocppMessages } from '../src/db/schema/index.js';
import { handlers } from '../src/ocpp/v16/handlers.js';
import { fromSchema, type JsonSchema, type Known } from './fuzz-schema.js';
import { abridge, FUZZ_SEED, LONG, runs, timeLimit, toJson } from './fuzz-values.js';
import { createTestApp, type TestApp } from './helper.js';
import { rawSocket, registerChargePoint } from './ocpp-helper.js';

// Chargers send generated frames over real sockets: CALLs of every action Voltline handles with
// hostile values in their fields, several at once, with repeated message ids, unknown actions and
// frames that are not OCPP at all. Every CALL with a message id is answered with a CALLERROR code
// OCPP-J 1.6 defines (never an internal failure), the server stays up, and the message log keeps
// every frame that crossed each socket. FUZZ_RUNS and FUZZ_SEED as in fuzz-rest.test.ts.

const BATCHES = 700;
/** Chargers of the limit cases: one sending oversized frames or a CALL flood, one calm beside it. */
const LIMIT_CHARGERS = ['FUZZ-OCPP-BIG', 'FUZZ-OCPP-FLOOD', 'FUZZ-OCPP-CALM'];
const PW = 'fuzz-charger-secret-1';
const CHARGERS = ['FUZZ-OCPP-A', 'FUZZ-OCPP-B'];
const require = createRequire(import.meta.url);
const schemas = require('ocpp-rpc/lib/schemas/ocpp1_6.json') as (JsonSchema & { $id: string })[];

/** OCPP-J 1.6 §4.2.3 (with the errata's spelling of OccurrenceConstraintViolation). */
const OCPP16_ERRORS = new Set([
  'NotImplemented',
  'NotSupported',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurenceConstraintViolation',
  'OccurrenceConstraintViolation',
  'TypeConstraintViolation',
  // Defined, but from Voltline they mean a failure of its own: see `wrongAnswer`.
  'InternalError',
  'GenericError',
]);

interface Frame {
  charger: number;
  /** JSON text, sent as it is. */
  text: string;
}

/** A charger's socket and every frame it sent and received. */
interface Line {
  ws: WebSocket;
  sent: string[];
  received: string[];
  waiting: Map<string, number>;
  wake?: () => void;
}

const now = Date.now();
/** Hostile values of the fields OCPP messages share, by name. */
const KNOWN: Known = {
  connectorId: [0, 1, 2, 3, 99, 100, -1, 2 ** 31, 2 ** 53, 1e308],
  transactionId: [0, -1, 1, 2, 3, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e308],
  reservationId: [0, -1, 2 ** 31, 2 ** 53],
  meterStart: [0, 1000, -1, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308],
  meterStop: [0, 1500, -1, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308],
  value: [
    '0',
    '1000.5',
    '1e400',
    '-1e400',
    'NaN',
    '-0',
    '1e308',
    'Infinity',
    '-5',
    '١٢٣',
    '',
    '\u0000',
    '\uD800',
    LONG,
  ],
  idTag: ['DEMO0001', 'DEMO0003', 'UNKNOWN-TAG', '\u0000', 'a\u0000b', '\uD800', 'İ'],
  timestamp: [
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
  ],
  vendorId: ['Voltline', '\u0000', 'x\uDC00', ''],
  data: ['{}', '\u0000', 'a\uD800b', LONG],
  info: ['\u0000', '\uD800', 'RCD tripped'],
  chargePointVendor: ['Voltline', 'a\u0000b', '\uDBFF'],
};

let t: TestApp;
let url: string;
/** "action answer" → how often, printed with FUZZ_VERBOSE=1 to see how deep the frames reach. */
const answers = new Map<string, number>();
const lines: Line[] = [];

/**
 * Frames up to 256 KiB, so the fuzz's long values (100,000 characters) reach the handlers; the
 * limit case below sends frames past it.
 */
const MAX_FRAME = 262_144;

beforeAll(async () => {
  t = await createTestApp({ OCPP_MAX_FRAME_BYTES: String(MAX_FRAME) });
  url = await listen();
  for (const id of [...CHARGERS, 'FUZZ-OCPP-FRESH', ...LIMIT_CHARGERS]) await registerChargePoint(t, id, PW);
  for (const id of CHARGERS) lines.push(await open(id));
});
afterAll(async () => {
  for (const line of lines) line.ws.terminate();
  await t.close();
});

async function listen() {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}/ocpp`;
}

async function open(id: string): Promise<Line> {
  const line: Line = { ws: await rawSocket(url, id, PW), sent: [], received: [], waiting: new Map() };
  line.ws.on('message', (data: Buffer) => {
    const text = data.toString();
    line.received.push(text);
    const id = answerId(text);
    if (id !== undefined && line.waiting.has(id)) {
      const left = (line.waiting.get(id) ?? 1) - 1;
      if (left > 0) line.waiting.set(id, left);
      else line.waiting.delete(id);
      if (line.waiting.size === 0) line.wake?.();
    }
  });
  return line;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The message id a frame must be answered under: a CALL's, if it has a string one. */
function callId(text: string): string | undefined {
  const f = parse(text);
  return Array.isArray(f) && f[0] === 2 && typeof f[1] === 'string' ? f[1] : undefined;
}

function answerId(text: string): string | undefined {
  const f = parse(text);
  return Array.isArray(f) && (f[0] === 3 || f[0] === 4) && typeof f[1] === 'string' ? f[1] : undefined;
}

/** What is wrong with an answer Voltline sent, if anything. */
function wrongAnswer(text: string): string | undefined {
  const f = parse(text);
  if (!Array.isArray(f) || f[0] !== 4) return undefined;
  const code = String(f[2]);
  const description = String(f[3]);
  const id = abridge(String(f[1]), 40);
  if (!OCPP16_ERRORS.has(code)) return `${id}: CALLERROR code ${code} is not one OCPP-J 1.6 defines`;
  if (code === 'InternalError' || code === 'GenericError')
    return `${id}: failed inside: ${code} ${description}`;
  return undefined;
}

const actions = Object.keys(handlers);
const schemaOf = (action: string) => schemas.find((s) => s.$id === `urn:${action}.req`) ?? {};

/** A message id: usually a plain one, sometimes one OCPP-J never allowed, sometimes a repeat. */
const messageId = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 9 }).map((n) => `m${n}`) },
  fc.constantFrom('', 'x'.repeat(37), 'nul\u0000id', 'lone\uD800', 'İd-ğ', 'q'.repeat(5_000)),
  // Long and random, so that it does not compress: no index entry holds it.
  fc.string({ minLength: 3_000, maxLength: 6_000, unit: 'grapheme-ascii' }),
);

/** A CALL of an action Voltline handles, its payload as the schema has it or with hostile fields. */
const handledCall = fc.oneof(
  ...actions.map((action) =>
    fc
      .tuple(
        messageId,
        fc.oneof(
          { weight: 3, arbitrary: fromSchema(schemaOf(action), 0, KNOWN) },
          { weight: 2, arbitrary: fromSchema(schemaOf(action), 1, KNOWN) },
        ),
      )
      .map(([id, payload]) => `[2,${JSON.stringify(id)},${JSON.stringify(action)},${toJson(payload)}]`),
  ),
);

/** Actions Voltline does not handle: some the 1.6 schemas know (security extensions), some nobody does. */
const unknownCall = fc
  .tuple(
    messageId,
    fc.constantFrom('SecurityEventNotification', 'SignCertificate', 'MakeCoffee', 'heartbeat', '', '\u0000'),
  )
  .map(([id, action]) => `[2,${JSON.stringify(id)},${JSON.stringify(action)},{}]`);

/** Frames that are not well-formed OCPP-J, and answers to CALLs Voltline never made. */
const malformed = fc.constantFrom(
  'not json',
  '{"a":1}',
  'null',
  '"text"',
  '[]',
  '[2]',
  '[2,"bad-1"]',
  '[2,"bad-2","Heartbeat"]',
  '[2,"bad-3","Heartbeat",{},"extra"]',
  '[2,"bad-4","Heartbeat",null]',
  '[2,"bad-5","Heartbeat",[]]',
  '[2,"bad-6",123,{}]',
  '[2,17,"Heartbeat",{}]',
  '[2,null,"Heartbeat",{}]',
  '["2","bad-7","Heartbeat",{}]',
  '[2.0,"bad-8","Heartbeat",{}]',
  '[5,"bad-9","Heartbeat",{}]',
  '[0,"bad-10"]',
  '[3,"never-asked",{}]',
  '[4,"never-asked","GenericError","",{}]',
  '[2,"bad-11","MeterValues",{"connectorId":1e400,"meterValue":[]}]',
  '[2,"bad-12","StatusNotification",{"connectorId":-0,"errorCode":"NoError","status":"Available"}]',
  `[2,"bad-13","Heartbeat",${'['.repeat(3_000)}${']'.repeat(3_000)}]`,
  '[2,"bad-14","Authorize",{"idTag":"DEMO0001","__proto__":{"polluted":"yes"}}]',
);

const frame: fc.Arbitrary<Frame> = fc.record({
  charger: fc.integer({ min: 0, max: CHARGERS.length - 1 }),
  text: fc.oneof(
    { weight: 10, arbitrary: handledCall },
    { weight: 1, arbitrary: unknownCall },
    { weight: 2, arbitrary: malformed },
  ),
});

/** Sends a batch at once, as chargers do, and waits for every CALL's answer. */
async function sendBatch(batch: Frame[]): Promise<string[]> {
  const problems: string[] = [];
  const before = lines.map((l) => l.received.length);
  for (const line of lines) line.waiting.clear();
  for (const f of batch) {
    const id = callId(f.text);
    const line = lines[f.charger]!;
    if (id !== undefined) line.waiting.set(id, (line.waiting.get(id) ?? 0) + 1);
  }
  for (const f of batch) {
    lines[f.charger]!.sent.push(f.text);
    lines[f.charger]!.ws.send(f.text);
  }
  await Promise.all(
    lines.map(
      (line) =>
        new Promise<void>((resolve) => {
          if (line.waiting.size === 0) return resolve();
          const timer = setTimeout(resolve, 10_000);
          line.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        }),
    ),
  );
  const actionOf = new Map(
    batch.map((f) => {
      const parsed = parse(f.text);
      return [`${f.charger} ${callId(f.text)}`, Array.isArray(parsed) ? String(parsed[2]).slice(0, 30) : '?'];
    }),
  );
  lines.forEach((line, i) => {
    for (const text of line.received.slice(before[i])) {
      const f = parse(text) as unknown[];
      const key = `${actionOf.get(`${i} ${answerId(text)}`) ?? '(no CALL)'} ${f[0] === 3 ? 'CALLRESULT' : String(f[2])}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    for (const [id, n] of line.waiting)
      problems.push(`${CHARGERS[i]}: ${n} CALL(s) ${abridge(id, 40)} unanswered`);
    for (const text of line.received.slice(before[i])) {
      const wrong = wrongAnswer(text);
      if (wrong) problems.push(`${CHARGERS[i]}: ${wrong}`);
    }
  });
  return problems;
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The log's form of a message id: past 255 characters cut and marked with an ellipsis, and
 * characters PostgreSQL refuses written as `\uXXXX` text.
 */
function logged(id: string): string {
  const cut = id.length > 255 ? `${Array.from(id).slice(0, 255).join('')}…` : id;
  return cut.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const sorted = (ids: (string | null | undefined)[]) => ids.map((id) => id ?? '(none)').sort();

describe('the OCPP endpoint under fuzzed frames', () => {
  it(
    'answers every CALL with an OCPP-J 1.6 code, stays up, and logs every frame both ways',
    async () => {
      const details = await fc.check(
        fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 8 }), async (batch) => {
          const problems = await sendBatch(batch);
          if (problems.length) throw new Error(problems.join('\n'));
        }),
        { seed: FUZZ_SEED, numRuns: runs(BATCHES), endOnFailure: true },
      );
      const failure = details.failed
        ? `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
          `  frames:\n${(details.counterexample?.[0] ?? []).map((f) => `    ${CHARGERS[f.charger]} ${abridge(f.text, 300)}`).join('\n')}\n` +
          `  replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`
        : null;
      expect(failure).toBeNull();

      // Still up: each socket still answers a Heartbeat, and a charger can still connect.
      const heartbeat = await sendBatch(
        lines.map((_, i) => ({ charger: i, text: `[2,"final-${i}","Heartbeat",{}]` })),
      );
      expect(heartbeat).toEqual([]);
      const fresh = await open('FUZZ-OCPP-FRESH');
      fresh.ws.send('[2,"fresh","Heartbeat",{}]');
      await new Promise((resolve) => fresh.ws.once('message', resolve));
      expect(answerId(fresh.received[0] ?? '')).toBe('fresh');
      fresh.ws.close();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

      // Every frame sent and every frame received is in the log, under its charger.
      await Promise.all(
        lines.map((line) => {
          const closed = new Promise((resolve) => line.ws.once('close', resolve));
          line.ws.close();
          return closed;
        }),
      );
      await t.app.services.ocpp.messageLog.flush();
      let frames = 0;
      for (const [i, line] of lines.entries()) {
        const rows = await t.database.db
          .select({
            direction: ocppMessages.direction,
            type: ocppMessages.messageType,
            id: ocppMessages.messageId,
          })
          .from(ocppMessages)
          .where(eq(ocppMessages.chargePointId, CHARGERS[i]!))
          .orderBy(asc(ocppMessages.id));
        const inbound = rows.filter((r) => r.direction === 'in');
        const outbound = rows.filter((r) => r.direction === 'out');
        expect({ charger: CHARGERS[i], in: inbound.length, out: outbound.length }).toEqual({
          charger: CHARGERS[i],
          in: line.sent.length,
          out: line.received.length,
        });
        const calls = line.sent.flatMap((text) =>
          callId(text) === undefined ? [] : [logged(callId(text)!)],
        );
        expect(sorted(inbound.filter((r) => r.type === 'CALL').map((r) => r.id))).toEqual(sorted(calls));
        const answers = line.received.flatMap((text) =>
          answerId(text) === undefined ? [] : [logged(answerId(text)!)],
        );
        expect(
          sorted(outbound.filter((r) => r.type !== 'CALL' && r.type !== 'INVALID').map((r) => r.id)),
        ).toEqual(sorted(answers));
        frames += line.sent.length;
      }
      console.info(`fuzz-ocpp: ${frames} frames sent, seed ${FUZZ_SEED}`);
      if (process.env.FUZZ_VERBOSE)
        console.info(
          [...answers]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n'),
        );
      expect(frames).toBeGreaterThan(runs(BATCHES));
    },
    timeLimit(180_000),
  );

  it('closes a connection sending an oversized frame (1009) and one flooding CALLs (1008), answering another charger meanwhile', async () => {
    const closeCode = (ws: WebSocket) =>
      new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
    const calm = await open('FUZZ-OCPP-CALM');
    const heartbeat = async (id: string) => {
      const answered = new Promise<string>((resolve) =>
        calm.ws.on('message', function onAnswer(data: Buffer) {
          if (answerId(data.toString()) !== id) return;
          calm.ws.off('message', onAnswer);
          resolve(data.toString());
        }),
      );
      calm.ws.send(`[2,${JSON.stringify(id)},"Heartbeat",{}]`);
      return JSON.parse(await answered) as unknown[];
    };

    // Oversized frames of every kind: a CALL, an answer, a frame that is not JSON at all.
    const oversized = [
      `[2,"big-call","DataTransfer",{"vendorId":"V","data":"${'d'.repeat(MAX_FRAME)}"}]`,
      `[3,"big-answer",{"data":"${'e'.repeat(2 * MAX_FRAME)}"}]`,
      'z'.repeat(4 * MAX_FRAME),
    ];
    for (const [i, text] of oversized.entries()) {
      const big = await open('FUZZ-OCPP-BIG');
      const code = closeCode(big.ws);
      big.ws.send(text);
      const beside = heartbeat(`beside-big-${i}`);
      expect(await code).toBe(1009);
      expect((await beside)[0]).toBe(3);
    }

    // A flood: thousands of CALLs at once from one charger.
    const flood = await open('FUZZ-OCPP-FLOOD');
    const floodClosed = closeCode(flood.ws);
    for (let i = 0; i < 5000; i++) flood.ws.send(`[2,"flood-${i}","Heartbeat",{}]`);
    const during = await heartbeat('during-flood');
    expect(during).toMatchObject([3, 'during-flood', {}]);
    expect(await floodClosed).toBe(1008);
    const refusals = flood.received.map((text) => parse(text) as unknown[]).filter((f) => f[0] === 4);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals.map((f) => f[2]))).toEqual(new Set(['GenericError']));
    expect(flood.received.length).toBeLessThan(5000);
    expect((await heartbeat('after-flood'))[0]).toBe(3);
    calm.ws.close();
  });
});
