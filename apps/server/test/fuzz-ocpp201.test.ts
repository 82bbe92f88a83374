import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { ocppMessages } from '../src/db/schema/index.js';
import { handlers } from '../src/ocpp/v201/handlers.js';
import { fromSchema, inlineRefs, type SchemaWithRefs } from './fuzz-schema.js';
import { abridge, FUZZ_SEED, ocpp201Known, runs, timeLimit, toJson } from './fuzz-values.js';
import { createTestApp, type TestApp } from './helper.js';
import { rawSocket, registerChargePoint } from './ocpp-helper.js';

// OCPP 2.0.1 chargers send generated frames over real sockets: CALLs of every action the 2.0.1
// handler table handles, generated from the official 2.0.1 schemas with hostile values in their
// fields, several at once, with repeated message ids, unknown actions and frames that are not
// OCPP at all. Every CALL with a message id is answered with a CALLERROR code OCPP-J 2.0.1
// defines, or an answer its schema allows; never an internal failure. The server stays up and the
// message log keeps every frame. FUZZ_RUNS and FUZZ_SEED as in fuzz-rest.test.ts.

const BATCHES = 300;
const PW = 'fuzz-charger-secret-201';
const CHARGERS = ['FUZZ-201-A', 'FUZZ-201-B'];
const require = createRequire(import.meta.url);
const schemas = require('ocpp-rpc/lib/schemas/ocpp2_0_1.json') as (SchemaWithRefs & { $id: string })[];

/** OCPP-J 2.0.1 §4.3 (RPC framework, CALLERROR codes). */
const OCPP201_ERRORS = new Set([
  'FormatViolation',
  'MessageTypeNotSupported',
  'NotImplemented',
  'NotSupported',
  'OccurrenceConstraintViolation',
  'PropertyConstraintViolation',
  'ProtocolError',
  'RpcFrameworkError',
  'SecurityError',
  'TypeConstraintViolation',
  // Defined, but from Voltline they mean a failure of its own: see `wrongAnswer`.
  'InternalError',
  'GenericError',
]);

interface Frame {
  charger: number;
  text: string;
}

interface Line {
  ws: WebSocket;
  sent: string[];
  received: string[];
  waiting: Map<string, number>;
  wake?: () => void;
}

const KNOWN = ocpp201Known(Date.now());
/**
 * Only what a well-behaved station sends (its own EVSEs, small ids, times of now), for the pass
 * that makes sure each action's valid frames reach its handler however many actions there are.
 */
const PLAIN: Record<string, unknown[]> = {
  evseId: [1, 2],
  connectorId: [1],
  id: [1, 2, 3],
  seqNo: [0],
  requestId: [1, 2, 3],
  eventId: [1, 2],
  stackLevel: [0, 1],
  transactionId: ['T-1', 'T-2'],
  timestamp: [new Date().toISOString()],
  generatedAt: [new Date().toISOString()],
  idToken: [{ idToken: 'DEMO0001', type: 'ISO14443' }],
};

let t: TestApp;
let url: string;
const answers = new Map<string, number>();
const lines: Line[] = [];
const MAX_FRAME = 262_144;

beforeAll(async () => {
  t = await createTestApp({ OCPP_MAX_FRAME_BYTES: String(MAX_FRAME), LOG_LEVEL: 'error' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  url = `ws://127.0.0.1:${address.port}/ocpp`;
  for (const id of [...CHARGERS, 'FUZZ-201-FRESH']) await registerChargePoint(t, id, PW);
  for (const id of CHARGERS) lines.push(await open(id));
});
afterAll(async () => {
  for (const line of lines) line.ws.terminate();
  await t.close();
});

async function open(id: string): Promise<Line> {
  const line: Line = {
    ws: await rawSocket(url, id, PW, 'ocpp2.0.1'),
    sent: [],
    received: [],
    waiting: new Map(),
  };
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

function callId(text: string): string | undefined {
  const f = parse(text);
  return Array.isArray(f) && f[0] === 2 && typeof f[1] === 'string' ? f[1] : undefined;
}

function answerId(text: string): string | undefined {
  const f = parse(text);
  return Array.isArray(f) && (f[0] === 3 || f[0] === 4) && typeof f[1] === 'string' ? f[1] : undefined;
}

function wrongAnswer(text: string): string | undefined {
  const f = parse(text);
  if (!Array.isArray(f) || f[0] !== 4) return undefined;
  const code = String(f[2]);
  const id = abridge(String(f[1]), 40);
  if (!OCPP201_ERRORS.has(code)) return `${id}: CALLERROR code ${code} is not one OCPP-J 2.0.1 defines`;
  if (code === 'InternalError' || code === 'GenericError')
    return `${id}: failed inside: ${code} ${String(f[3])}`;
  return undefined;
}

const actions = Object.keys(handlers);
const schemaOf = (action: string) => inlineRefs(schemas.find((s) => s.$id === `urn:${action}.req`) ?? {});

const messageId = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 9 }).map((n) => `m${n}`) },
  fc.constantFrom('', 'x'.repeat(37), 'nul\u0000id', 'lone\uD800', 'İd-ğ', 'q'.repeat(5_000)),
  fc.string({ minLength: 3_000, maxLength: 6_000, unit: 'grapheme-ascii' }),
);

/** A CALL of an action the 2.0.1 table handles: schema-valid, or with hostile fields. */
const handledCall = fc.oneof(
  ...actions.map((action) => {
    const schema = schemaOf(action);
    return fc
      .tuple(
        messageId,
        fc.oneof(
          { weight: 3, arbitrary: fromSchema(schema, 0, KNOWN) },
          { weight: 2, arbitrary: fromSchema(schema, 1, KNOWN) },
        ),
      )
      .map(([id, payload]) => `[2,${JSON.stringify(id)},${JSON.stringify(action)},${toJson(payload)}]`);
  }),
);

/**
 * TransactionEvents a real station could send, so the session fold sees many events of a few
 * transactions: any type and order, repeated and missing sequence numbers, live or replayed,
 * with or without token and EVSE, registers going up, standing or going back.
 */
const plausibleEvent = fc
  .record({
    id: messageId,
    eventType: fc.constantFrom('Started', 'Updated', 'Ended'),
    tx: fc.constantFrom('T-1', 'T-2', 'T-3', 'T-4'),
    seqNo: fc.integer({ min: 0, max: 4 }),
    minutes: fc.integer({ min: 0, max: 120 }),
    evse: fc.option(fc.integer({ min: 1, max: 2 })),
    token: fc.option(fc.constantFrom('DEMO0001', 'DEMO0002', 'DEMO0003', 'NO-SUCH', '')),
    free: fc.boolean(),
    offline: fc.boolean(),
    wh: fc.option(fc.integer({ min: 0, max: 200_000 })),
    chargingState: fc.option(fc.constantFrom('Charging', 'EVConnected', 'SuspendedEV', 'Idle')),
    stoppedReason: fc.option(fc.constantFrom('Local', 'EVDisconnected', 'Remote', 'PowerLoss')),
  })
  .map((e) => {
    const at = new Date(Date.now() - 6 * 3_600_000 + e.minutes * 60_000).toISOString();
    const payload = {
      eventType: e.eventType,
      timestamp: at,
      triggerReason: e.token === null ? 'CablePluggedIn' : 'Authorized',
      seqNo: e.seqNo,
      transactionInfo: {
        transactionId: e.tx,
        ...(e.chargingState ? { chargingState: e.chargingState } : {}),
        ...(e.stoppedReason && e.eventType === 'Ended' ? { stoppedReason: e.stoppedReason } : {}),
      },
      ...(e.offline ? { offline: true } : {}),
      ...(e.evse === null ? {} : { evse: { id: e.evse, connectorId: 1 } }),
      ...(e.token === null
        ? {}
        : {
            idToken: e.free
              ? { idToken: '', type: 'NoAuthorization' }
              : { idToken: e.token, type: 'ISO14443' },
          }),
      ...(e.wh === null ? {} : { meterValue: [{ timestamp: at, sampledValue: [{ value: e.wh }] }] }),
    };
    return `[2,${JSON.stringify(e.id)},"TransactionEvent",${JSON.stringify(payload)}]`;
  });

/**
 * StatusNotifications a real station could send: with two dozen actions in the table, a
 * schema-valid one with random EVSE numbers rarely names one the station has.
 */
const plausibleStatus = fc
  .record({
    id: messageId,
    evse: fc.integer({ min: 1, max: 2 }),
    status: fc.constantFrom('Available', 'Occupied', 'Reserved', 'Unavailable', 'Faulted'),
    minutes: fc.integer({ min: 0, max: 120 }),
  })
  .map((e) => {
    const timestamp = new Date(Date.now() - 6 * 3_600_000 + e.minutes * 60_000).toISOString();
    const payload = { timestamp, connectorStatus: e.status, evseId: e.evse, connectorId: 1 };
    return `[2,${JSON.stringify(e.id)},"StatusNotification",${JSON.stringify(payload)}]`;
  });

/** NotifyEvents a real station could send: a monitor tripped or a problem raised or cleared on an EVSE. */
const plausibleNotifyEvent = fc
  .record({
    id: messageId,
    evse: fc.option(fc.integer({ min: 1, max: 2 })),
    problem: fc.boolean(),
    cleared: fc.boolean(),
    monitor: fc.option(fc.integer({ min: 1, max: 3 })),
  })
  .map((e) => {
    const at = new Date().toISOString();
    const data = {
      eventId: 1,
      timestamp: at,
      trigger: e.problem ? 'Delta' : 'Alerting',
      actualValue: e.problem ? String(!e.cleared) : '87.5',
      eventNotificationType: e.monitor === null ? 'HardWiredNotification' : 'CustomMonitor',
      ...(e.monitor === null ? {} : { variableMonitoringId: e.monitor }),
      ...(e.cleared ? { cleared: true } : {}),
      component: {
        name: e.problem ? 'EVSE' : 'TemperatureSensor',
        ...(e.evse === null ? {} : { evse: { id: e.evse } }),
      },
      variable: { name: e.problem ? 'Problem' : 'Temperature' },
    };
    const payload = { generatedAt: at, seqNo: 0, eventData: [data] };
    return `[2,${JSON.stringify(e.id)},"NotifyEvent",${JSON.stringify(payload)}]`;
  });

/** MeterValues of an EVSE (0: the station's own meter), in Wh or kWh, as stations send them. */
const plausibleMeterValues = fc
  .record({
    id: messageId,
    evseId: fc.integer({ min: 0, max: 3 }),
    minutes: fc.integer({ min: 0, max: 120 }),
    value: fc.double({ min: 0, max: 1e6, noNaN: true }),
    unit: fc.constantFrom('Wh', 'kWh', 'W', 'kW', 'Percent'),
  })
  .map((m) => {
    const at = new Date(Date.now() - 6 * 3_600_000 + m.minutes * 60_000).toISOString();
    const payload = {
      evseId: m.evseId,
      meterValue: [{ timestamp: at, sampledValue: [{ value: m.value, unitOfMeasure: { unit: m.unit } }] }],
    };
    return `[2,${JSON.stringify(m.id)},"MeterValues",${JSON.stringify(payload)}]`;
  });

/** Actions the 2.0.1 table does not handle: some 2.0.1 defines, some nobody does, 1.6's own. */
const unknownCall = fc
  .tuple(
    messageId,
    fc.constantFrom(
      'NotifyReport',
      'ReservationStatusUpdate',
      'StartTransaction',
      'StopTransaction',
      'DiagnosticsStatusNotification',
      'MakeCoffee',
      'transactionEvent',
      '',
      '\u0000',
    ),
  )
  .map(([id, action]) => `[2,${JSON.stringify(id)},${JSON.stringify(action)},{}]`);

const malformed = fc.constantFrom(
  'not json',
  '{"a":1}',
  'null',
  '[]',
  '[2]',
  '[2,"bad-1"]',
  '[2,"bad-2","Heartbeat"]',
  '[2,"bad-3","Heartbeat",{},"extra"]',
  '[2,"bad-4","Heartbeat",null]',
  '[2,"bad-5","Heartbeat",[]]',
  '[2,"bad-6",123,{}]',
  '[2,17,"Heartbeat",{}]',
  '["2","bad-7","Heartbeat",{}]',
  '[5,"bad-9","Heartbeat",{}]',
  '[3,"never-asked",{}]',
  '[4,"never-asked","GenericError","",{}]',
  '[2,"bad-11","TransactionEvent",{"eventType":"Started","timestamp":"2026-01-01T00:00:00Z","triggerReason":"Authorized","seqNo":1e400,"transactionInfo":{"transactionId":"T-1"}}]',
  '[2,"bad-12","StatusNotification",{"timestamp":"2026-01-01T00:00:00Z","connectorStatus":"Available","evseId":-0,"connectorId":1}]',
  `[2,"bad-13","Heartbeat",${'['.repeat(3_000)}${']'.repeat(3_000)}]`,
  '[2,"bad-14","Authorize",{"idToken":{"idToken":"DEMO0001","type":"ISO14443"},"__proto__":{"polluted":"yes"}}]',
);

const frame: fc.Arbitrary<Frame> = fc.record({
  charger: fc.integer({ min: 0, max: CHARGERS.length - 1 }),
  text: fc.oneof(
    { weight: 10, arbitrary: handledCall },
    { weight: 4, arbitrary: plausibleEvent },
    { weight: 1, arbitrary: plausibleMeterValues },
    { weight: 1, arbitrary: plausibleStatus },
    { weight: 1, arbitrary: plausibleNotifyEvent },
    { weight: 1, arbitrary: unknownCall },
    { weight: 2, arbitrary: malformed },
  ),
});

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

/** The log's form of a message id (see fuzz-ocpp.test.ts). */
function logged(id: string): string {
  const cut = id.length > 255 ? `${Array.from(id).slice(0, 255).join('')}…` : id;
  return cut.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const sorted = (ids: (string | null | undefined)[]) => ids.map((id) => id ?? '(none)').sort();

describe('the OCPP endpoint under fuzzed OCPP 2.0.1 frames', () => {
  it(
    'answers every 2.0.1 CALL with an OCPP-J 2.0.1 code, stays up, and logs every frame both ways',
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
          `  frames:\n${(details.counterexample?.[0] ?? []).map((f) => `    ${CHARGERS[f.charger]} ${abridge(f.text, 600)}`).join('\n')}\n` +
          `  replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`
        : null;
      expect(failure).toBeNull();

      // Every handled action got through validation to its handler at least once: where the
      // hostile mix never let one through, plain valid frames of it must.
      for (const action of actions) {
        const plain = fc.sample(fromSchema(schemaOf(action), 0, PLAIN), { numRuns: 40, seed: FUZZ_SEED });
        for (let i = 0; i < plain.length && !answers.has(`${action} CALLRESULT`); i++) {
          const text = `[2,"plain-${i}",${JSON.stringify(action)},${toJson(plain[i])}]`;
          expect(await sendBatch([{ charger: 0, text }])).toEqual([]);
        }
      }
      const reached = new Set(
        [...answers.keys()].filter((k) => k.endsWith(' CALLRESULT')).map((k) => k.split(' ')[0]),
      );
      expect(actions.filter((a) => !reached.has(a))).toEqual([]);

      // Still up: each socket still answers a Heartbeat, and a 2.0.1 charger can still connect.
      const heartbeat = await sendBatch(
        lines.map((_, i) => ({ charger: i, text: `[2,"final-${i}","Heartbeat",{}]` })),
      );
      expect(heartbeat).toEqual([]);
      const fresh = await open('FUZZ-201-FRESH');
      fresh.ws.send('[2,"fresh","Heartbeat",{}]');
      await new Promise((resolve) => fresh.ws.once('message', resolve));
      const [type, id, answer] = parse(fresh.received[0] ?? '') as [number, string, { currentTime?: string }];
      expect([type, id, Number.isNaN(Date.parse(answer.currentTime ?? ''))]).toEqual([3, 'fresh', false]);
      fresh.ws.close();
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();

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
        const answered = line.received.flatMap((text) =>
          answerId(text) === undefined ? [] : [logged(answerId(text)!)],
        );
        expect(
          sorted(outbound.filter((r) => r.type !== 'CALL' && r.type !== 'INVALID').map((r) => r.id)),
        ).toEqual(sorted(answered));
        frames += line.sent.length;
      }
      console.info(`fuzz-ocpp201: ${frames} frames sent, seed ${FUZZ_SEED}`);
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
});
