import { eq, sql } from 'drizzle-orm';
import ocppRpc from 'ocpp-rpc';
import WebSocket from 'ws';
import { chargePoints, connectors, operators } from '../src/db/schema/index.js';
import { hashChargerPassword } from '../src/lib/charger-auth.js';
import type { TestApp } from './helper.js';

const { RPCClient } = ocppRpc;
export type Client = InstanceType<typeof RPCClient>;

/** Starts the test app's HTTP server so chargers can connect; returns the OCPP base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}/ocpp`;
}

/** Registers a charge point under the named operator, with a Basic-auth password. */
export async function registerChargePoint(
  t: TestApp,
  id: string,
  password: string | null,
  operator = 'Voltline İstanbul',
) {
  const [op] = await t.database.db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, operator));
  if (!op) throw new Error(`no operator ${operator}`);
  const values = {
    chargePointId: id,
    operatorId: op.id,
    name: id,
    passwordHash: password ? hashChargerPassword(password) : null,
    // Offline for a month before the test connects it: what a test charger sends with past times
    // on its first connection is a replayed offline queue, judged by that gap (sessions/witness.ts).
    lastDisconnectedAt: new Date(Date.now() - 30 * 24 * 3_600_000),
  };
  // A test run again after a failure (the suite retries once) finds its charger from the first
  // attempt: it is registered afresh rather than refused by the unique id.
  const [again] = await t.database.db
    .update(chargePoints)
    .set({ ...values, registrationStatus: 'accepted', securityProfile: 1, archivedAt: null })
    .where(sql`lower(${chargePoints.chargePointId}) = lower(${id})`)
    .returning();
  const [cp] = again ? [again] : await t.database.db.insert(chargePoints).values(values).returning();
  if (!cp) throw new Error('insert failed');
  await t.database.db
    .insert(connectors)
    .values([
      { chargePointId: cp.id, connectorId: 1 },
      { chargePointId: cp.id, connectorId: 2 },
    ])
    .onConflictDoNothing();
  return cp;
}

export async function connectClient(
  url: string,
  identity: string,
  password?: string,
  protocol: 'ocpp1.6' | 'ocpp2.0.1' = 'ocpp1.6',
): Promise<Client> {
  const client = new RPCClient({
    endpoint: url,
    identity,
    protocols: [protocol],
    strictMode: true,
    reconnect: false,
    ...(password ? { password } : {}),
  } as never);
  await client.connect();
  return client;
}

/** A raw WebSocket, for frames a well-behaved client library would never send. */
export function rawSocket(
  url: string,
  identity: string,
  password?: string,
  protocol: 'ocpp1.6' | 'ocpp2.0.1' = 'ocpp1.6',
): Promise<WebSocket> {
  const headers = password
    ? { authorization: `Basic ${Buffer.from(`${identity}:${password}`).toString('base64')}` }
    : {};
  const ws = new WebSocket(`${url}/${identity}`, [protocol], { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/**
 * A charger's WebSocket handshake: 101 when the socket opened (it is closed at once), else the
 * HTTP status of the refusal. `authorization` is the header's value, when one is sent.
 */
export function handshakeStatus(url: string, identity: string, authorization?: string): Promise<number> {
  const ws = new WebSocket(
    `${url}/${identity}`,
    ['ocpp1.6'],
    authorization ? { headers: { authorization } } : {},
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      ws.terminate();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', reject);
  });
}

export function nextFrame(ws: WebSocket): Promise<unknown[]> {
  return new Promise((resolve) =>
    ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as unknown[])),
  );
}

export async function until<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const boot = {
  chargePointVendor: 'Voltline',
  chargePointModel: 'Test 22',
  chargePointSerialNumber: 'SN-1',
  firmwareVersion: '1.2.3',
  iccid: '8990011122233344455',
  imsi: '286011234567890',
};

/** An OCPP 2.0.1 BootNotification's payload. */
export const boot201 = {
  reason: 'PowerUp',
  chargingStation: {
    vendorName: 'Voltline',
    model: 'Test 201',
    serialNumber: 'SN-201',
    firmwareVersion: '2.0.1-a',
    modem: { iccid: '8990011122233344455', imsi: '286011234567890' },
  },
};
