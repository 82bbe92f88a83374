import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Ocpp201 } from '@voltline/contract';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { chargePoints, operators } from '../src/db/schema/index.js';
import type { Db } from '../src/db/client.js';
import { CommandsService } from '../src/modules/commands/commands.service.js';
import { DeviceModelOcpp } from '../src/modules/device-model/device-model.ocpp.js';
import { deviceModelRoutes } from '../src/modules/device-model/device-model.routes.js';
import { DeviceModelService } from '../src/modules/device-model/device-model.service.js';
import type { HandlerContext } from '../src/ocpp/context.js';
import type { ChargerGateway, OutboundAction } from '../src/ocpp/gateway.js';
import { notifyReport } from '../src/ocpp/v201/handlers/notify-report.js';
import { bootstrap } from '../src/seed/bootstrap.js';
import { DEMO_PASSWORD, freshDatabase } from './helper.js';

/** What a test charger answers to a CALL; a thrown error is the gateway's failure. */
export type Answerer = (action: OutboundAction, payload: Record<string, unknown>) => Record<string, unknown>;

/**
 * A gateway standing for connected OCPP 2.0.1 chargers: it records each CALL and answers as the
 * test says, like a charger would. (The central system takes 2.0.1 sockets only once that lands.)
 */
export class FakeChargers implements ChargerGateway {
  readonly calls: { chargePointId: string; action: OutboundAction; payload: Record<string, unknown> }[] = [];
  readonly online = new Set<string>();
  answer: Answerer = () => ({ status: 'Accepted' });

  call<A extends OutboundAction>(chargePointId: string, action: A, payload: never): Promise<never> {
    const p = payload as Record<string, unknown>;
    this.calls.push({ chargePointId, action, payload: p });
    try {
      return Promise.resolve(this.answer(action, p) as never);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }
  callRaw(chargePointId: string, _protocol: unknown, action: string, payload: Record<string, unknown>) {
    return this.call(chargePointId, action as OutboundAction, payload as never).then((reply) => ({
      reply: reply,
    }));
  }
  isConnected(chargePointId: string) {
    return Promise.resolve(this.online.has(chargePointId));
  }
  disconnect() {
    return Promise.resolve();
  }
}

export interface DeviceModelTestApp {
  app: App;
  db: Db;
  chargers: FakeChargers;
  deviceModel: DeviceModelService;
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  login(email: string): Promise<string>;
  /** A charger of the operator, speaking the protocol. */
  charger(
    id: string,
    protocol: 'ocpp1.6' | 'ocpp2.0.1',
    operator?: string,
  ): Promise<{ id: number; chargePointId: string; operatorId: number }>;
  /** One NotifyReport part from the charger, through the handler. */
  report(
    cp: { id: number; chargePointId: string; operatorId: number },
    p: Ocpp201.NotifyReportRequest,
  ): Promise<void>;
  close(): Promise<void>;
}

/** The app with the device-model routes on a fake gateway, on a fresh database. */
export async function deviceModelTestApp(): Promise<DeviceModelTestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'voltline-dm-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    SIMULATE: 'false',
    PUBLIC_URL: 'http://voltline.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-42',
    WEB_DIST: path.join(dataDir, 'no-portal'),
  });
  const { database, drop } = await freshDatabase();
  await bootstrap(database.db, config);
  const app = await buildApp({ config, database });
  const chargers = new FakeChargers();
  const db = database.db;
  const commands = new CommandsService(db, chargers, 'test-node');
  const deviceModel = new DeviceModelService(db, chargers, commands);
  // The app serves these routes on the real gateway at /api; the same routes on the fake gateway
  // are served at /fake, with the app's authentication and permission checks, and tests' /api
  // paths are sent there.
  await app.register(
    (api: App, _opts, done) => {
      deviceModelRoutes(api, { deviceModel });
      done();
    },
    { prefix: '/fake' },
  );
  await app.ready();
  const ocpp = new DeviceModelOcpp(db);

  const call: DeviceModelTestApp['call'] = async (method, url, token, body) => {
    const res = await app.inject({
      method,
      url: url.replace(/^\/api\//, '/fake/'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    app,
    db,
    chargers,
    deviceModel,
    call,
    async login(email) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/portal/Auth/login',
        payload: { Email: email, Password: DEMO_PASSWORD },
      });
      return r.json<{ data: { token: string } }>().data.token;
    },
    async charger(id, protocol, operator = 'Voltline İstanbul') {
      const [op] = await db.select({ id: operators.id }).from(operators).where(eq(operators.name, operator));
      const [cp] = await db
        .insert(chargePoints)
        .values({ chargePointId: id, operatorId: op!.id, name: id, ocppProtocol: protocol })
        .returning();
      chargers.online.add(id);
      return { id: cp!.id, chargePointId: cp!.chargePointId, operatorId: cp!.operatorId };
    },
    async report(cp, p) {
      // The handler uses the charger and the device-model service of its context only.
      const ctx = { cp, deviceModel: ocpp, log: app.log } as unknown as HandlerContext;
      await notifyReport(p, ctx);
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A reported variable, as a charger puts it in NotifyReport. */
export function datum(
  component: string,
  variable: string,
  value: string,
  more: {
    mutability?: 'ReadOnly' | 'WriteOnly' | 'ReadWrite';
    dataType?: 'string' | 'decimal' | 'integer' | 'boolean' | 'OptionList';
    minLimit?: number;
    maxLimit?: number;
    valuesList?: string;
    variableInstance?: string;
    evseId?: number;
  } = {},
): NonNullable<Ocpp201.NotifyReportRequest['reportData']>[number] {
  return {
    component: { name: component, ...(more.evseId === undefined ? {} : { evse: { id: more.evseId } }) },
    variable: { name: variable, ...(more.variableInstance ? { instance: more.variableInstance } : {}) },
    variableAttribute: [{ type: 'Actual', value, mutability: more.mutability ?? 'ReadWrite' }],
    variableCharacteristics: {
      dataType: more.dataType ?? 'string',
      supportsMonitoring: false,
      ...(more.minLimit === undefined ? {} : { minLimit: more.minLimit }),
      ...(more.maxLimit === undefined ? {} : { maxLimit: more.maxLimit }),
      ...(more.valuesList === undefined ? {} : { valuesList: more.valuesList }),
    },
  };
}
