import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { declaredRoutes, type DeclaredRoute } from '../src/plugins/auth.js';
import { fromSchema, type JsonSchema, type Known } from './fuzz-schema.js';
import {
  abridge,
  FUZZ_SEED,
  hostileString,
  hostileValue,
  Raw,
  runs,
  timeLimit,
  toJson,
} from './fuzz-values.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helper.js';
import { registerChargePoint } from './ocpp-helper.js';

// Every route the API declares, asked with generated bodies, query strings and path ids: values
// the schema allows (with its extremes), hostile values in the route's own fields, and anything
// else. Whatever comes in, the answer is below 500 and a refusal is in the house error envelope.
// FUZZ_RUNS=10 runs ten times the cases; FUZZ_SEED=n replays a run; FUZZ_ROUTE=regex picks routes;
// FUZZ_VERBOSE=1 prints the answers of each route (to see the generator gets past validation).

const CASES_PER_ROUTE = 24;
/** A signed-in Admin whose id no generated id names, so no fuzzed call demotes the fuzzer. */
const FUZZER = { id: 900_001, email: 'fuzzer@voltline.local' };

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface FuzzRequest {
  language: string | undefined;
  path: string[];
  query: [string, string][];
  contentType: string | undefined;
  body: unknown;
}

let t: TestApp;
let token: string;
let operations: Record<string, Record<string, Operation>>;
const CHARGE_POINT_IDS = ['FUZZ-CP-1', 'FUZZ-CP-2', 'NO-SUCH-CP'];
/** Values of fields by name, so that a call gets past lookups to the work behind them. */
const KNOWN: Known = {
  chargePointId: CHARGE_POINT_IDS,
  ChargePointId: CHARGE_POINT_IDS,
  chargePointID: CHARGE_POINT_IDS,
  idTag: ['DEMO0001', 'DEMO0003', 'UNKNOWN-TAG'],
  email: ['admin@voltline.local', 'istanbul@voltline.local', 'new.user@voltline.local'],
  password: [DEMO_PASSWORD, 'Fuzz-pass-2026'],
  tz: ['UTC', 'Europe/Istanbul', 'America/St_Johns', 'Mars/Olympus'],
};

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: '10000000',
    LOGIN_MAX_FAILURES: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '10000',
  });
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@voltline.local'));
  await t.database.db.insert(users).values({
    id: FUZZER.id,
    operatorId: admin!.operatorId,
    email: FUZZER.email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    name: 'Fuzz',
    surname: 'Tester',
    roles: ['Admin'],
  });
  token = await signIn();
  for (const id of CHARGE_POINT_IDS.slice(0, 2)) await registerChargePoint(t, id, null);
  operations = (t.app.swagger() as { paths: typeof operations }).paths;
});
afterAll(() => t.close());

/** A session for the fuzzer, past the sign-in route's own rate limit (which the fuzz spends). */
const signIn = () =>
  t.app.services.auth.login(FUZZER.email, DEMO_PASSWORD, {
    ip: '127.0.0.1',
    userAgent: 'fuzz-rest',
    locale: 'en',
  });

/** A text as it may stand in a URL: percent-encoded, or raw escapes no encoder would write. */
const urlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(encode) },
  fc.constantFrom('%ED%A0%80', '%C0%80', '%FF', '%', '%zz', '..', '.', '%2F', '+', '%20'),
);

function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: the bytes a broken client sends for it
  }
}

/**
 * A request for the route: either well-formed throughout (values the schemas allow, to get past
 * validation to the services and the database) or hostile (any part, any field may be anything).
 */
function requestFor(route: DeclaredRoute): fc.Arbitrary<FuzzRequest> {
  return fc.oneof({ weight: 2, arbitrary: partsFor(route, 0) }, { weight: 3, arbitrary: partsFor(route, 1) });
}

function partsFor(route: DeclaredRoute, hostility: number): fc.Arbitrary<FuzzRequest> {
  const op = operations[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
  const params = op.parameters ?? [];
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const valueText = (schema: JsonSchema | undefined, name: string) => {
    // A path's text id names a charge point (or a country), which a schema cannot say.
    const own = fromSchema(schema ?? {}, 0, KNOWN, name);
    const named = fc.constantFrom('FUZZ-CP-1', 'TR', 'NO-SUCH-THING');
    const value = schema?.type === 'string' ? fc.oneof(named, own) : own;
    const valid = value.map((v) => encode(String(v)));
    return hostility ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: urlText }) : valid;
  };
  const path = fc.tuple(
    ...pathNames.map((name) =>
      valueText(params.find((p) => p.in === 'path' && p.name === name)?.schema, name),
    ),
  );
  const declared = params.filter((p) => p.in === 'query');
  const extra = hostility
    ? fc.array(fc.tuple(fc.constantFrom(...declared.map((p) => p.name), '__proto__', 'x'), urlText), {
        maxLength: 2,
      })
    : fc.constant([] as [string, string][]);
  const query = fc
    .tuple(
      fc.tuple(...declared.map((p) => fc.option(valueText(p.schema, p.name), { nil: undefined }))),
      extra,
    )
    .map(([values, more]) => [
      ...declared.flatMap((p, i): [string, string][] =>
        values[i] === undefined ? [] : [[p.name, values[i]]],
      ),
      ...more,
    ]);
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const takesBody = route.method === 'POST' || route.method === 'PUT';
  let body: fc.Arbitrary<unknown> = schema ? fromSchema(schema, 0, KNOWN) : fc.constant(undefined);
  if (hostility) {
    body = schema
      ? fc.oneof(
          { weight: 6, arbitrary: fromSchema(schema, hostility, KNOWN) },
          { weight: 2, arbitrary: hostileValue },
          fc.constantFrom(undefined, new Raw('{"a":'), new Raw('')),
        )
      : fc.oneof(fc.constant(undefined), fc.constant({}), hostileValue);
    if (!takesBody) body = fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, body);
  }
  const contentType = hostility
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        fc.constantFrom(
          undefined,
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ),
      )
    : fc.constant('application/json');
  const language = hostility
    ? fc.constantFrom(undefined, 'tr', 'tr-TR,tr;q=0.9', 'xx', '*', 'en;q=abc', ','.repeat(500))
    : fc.constantFrom(undefined, 'tr', 'en');
  return fc.record({ language, path, query, contentType, body });
}

function urlOf(route: DeclaredRoute, req: FuzzRequest): string {
  let i = 0;
  const path = route.url.replace(/:\w+/g, () => req.path[i++] ?? '');
  const query = req.query.map(([k, v]) => `${encode(k)}=${v}`).join('&');
  return query ? `${path}?${query}` : path;
}

async function send(route: DeclaredRoute, req: FuzzRequest) {
  const payload = req.body === undefined ? undefined : toJson(req.body);
  const ask = () =>
    t.app.inject({
      method: route.method as 'GET',
      url: urlOf(route, req),
      headers: {
        authorization: `Bearer ${token}`,
        ...(req.language === undefined ? {} : { 'accept-language': req.language }),
        ...(req.contentType && payload !== undefined ? { 'content-type': req.contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const res = await ask();
  // A call that ended the fuzzer's session (sign-out): sign in again and ask once more.
  if (res.statusCode !== 401 || route.permission === 'public') return res;
  token = await signIn();
  return ask();
}

/** The house error envelope: `{ error, code }` with strings, `details` optional. */
function isEnvelope(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    return typeof body.error === 'string' && body.error !== '' && typeof body.code === 'string';
  } catch {
    return false;
  }
}

describe('the REST API under fuzzed input', () => {
  it(
    'answers every route below 500, every refusal in the error envelope, whatever the body, query or path',
    async () => {
      const only = process.env.FUZZ_ROUTE ? new RegExp(process.env.FUZZ_ROUTE) : undefined;
      const routes = declaredRoutes(t.app).filter((r) => !only || only.test(`${r.method} ${r.url}`));
      expect(routes.length).toBeGreaterThan(only ? 0 : 100);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const route of routes) {
        const mine = new Map<number, number>();
        const started = Date.now();
        const details = await fc.check(
          fc.asyncProperty(requestFor(route), async (req) => {
            const res = await send(route, req);
            for (const m of [statuses, mine]) m.set(res.statusCode, (m.get(res.statusCode) ?? 0) + 1);
            const answer = `${res.statusCode} ${abridge(res.body, 400)}`;
            if (res.statusCode >= 500) throw new Error(`server error: ${answer}`);
            if (res.statusCode >= 400 && !isEnvelope(res.body))
              throw new Error(`no error envelope: ${answer}`);
          }),
          { seed: FUZZ_SEED, numRuns: runs(CASES_PER_ROUTE), endOnFailure: false },
        );
        if (process.env.FUZZ_VERBOSE) {
          const ms = Date.now() - started;
          console.info(`${route.method} ${route.url} ${JSON.stringify(Object.fromEntries(mine))} ${ms} ms`);
        }
        if (details.failed) {
          const [req] = details.counterexample ?? [];
          failures.push(
            `${route.method} ${route.url}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
              `  request: ${req ? abridge(`${urlOf(route, req)} ${req.contentType} [${req.language}] ${toJson(req.body)}`, 600) : '?'}\n` +
              `  replay: FUZZ_SEED=${details.seed} FUZZ_ROUTE='${route.method} ${route.url}$' (path ${details.counterexamplePath})`,
          );
        }
      }
      console.info(
        `fuzz-rest: ${routes.length} routes, seed ${FUZZ_SEED}, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(failures).toEqual([]);
      // Nothing a body carried reached the object prototype, and the server still answers.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    },
    timeLimit(180_000),
  );
});
