import ocppRpc from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import { Balancer, clusterServicesUp, startCluster, type Cluster } from '../support/cluster';
import { launchBrowser, newPage, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';

// Several Voltline processes behind one address, on one PostgreSQL and NATS: commands reach a
// charger whichever process holds it, a charger moves between processes, every process shows
// every charger's state, background jobs run in one process, and a kill -9 loses nothing.

const { RPCClient, createRPCError } = ocppRpc;
type RawCharger = InstanceType<typeof RPCClient>;

const up = await clusterServicesUp();
const DEMO_PASSWORD = 'voltline-demo1';

let cluster: Cluster;
let a: TestServer;
let b: TestServer;
let balancer: Balancer;
let balancerUrl: string;
let token: string;
let operatorId: number;
const chargers: (SimCharger | SimCharger201)[] = [];
const raws: RawCharger[] = [];

const portOf = (s: TestServer) => ({ port: Number(new URL(s.url).port) });
const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/ocpp`;

async function call<T = unknown>(
  server: { url: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { data: T; error?: string; code?: string } }> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T; error?: string; code?: string } };
}

/** A charge point of the demo İstanbul operator (its cards are DEMO0001…), made through process A. */
async function chargePoint(id: string): Promise<string> {
  const made = await call<{ password: string }>(a, 'POST', 'portal/ChargePoint', {
    chargePointId: id,
    name: `${id} cluster`,
    operatorId,
    connectorCount: 1,
  });
  expect(made.status).toBe(200);
  return made.body.data.password;
}

/** Connector 1's status as the portal's API answers it, through the given process. */
async function connectorStatus(server: TestServer, id: string): Promise<string | undefined> {
  const r = await call<{ connectorId: number; status: string }[]>(
    server,
    'GET',
    `portal/connector?chargePointId=${id}`,
  );
  return r.body.data.find((c) => c.connectorId === 1)?.status;
}

async function rawCharger(base: string, id: string, password: string): Promise<RawCharger> {
  const client = new RPCClient({
    endpoint: wsUrl(base),
    identity: id,
    password,
    protocols: ['ocpp1.6'],
    strictMode: false,
    reconnect: false,
  } as never);
  raws.push(client);
  await client.connect();
  await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Raw' });
  return client;
}

/** Rows of the database the processes share. */
async function rows<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await cluster.db.query<T>(text, params)).rows;
}

async function holder(id: string): Promise<{ connected: boolean; node: string | null }> {
  const r = await cluster.db.query<{ connected: boolean; connected_node: string | null }>(
    'SELECT connected, connected_node FROM charge_points WHERE lower(charge_point_id) = lower($1)',
    [id],
  );
  return { connected: r.rows[0]?.connected ?? false, node: r.rows[0]?.connected_node ?? null };
}

/** A sample of a process's /metrics: the sum over the series of `name` carrying every label given. */
async function metric(
  server: TestServer,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { Authorization: 'Bearer cluster-metrics-token' },
  });
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return (await res.text())
    .split('\n')
    .filter(
      (l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)),
    )
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

// The tests build on each other (a charger made in one is used by none after it, but the kill -9
// test ends process A): no retries.
describe.skipIf(!up)('several Voltline processes on one PostgreSQL and NATS', { retry: 0 }, () => {
  beforeAll(async () => {
    // Both processes start at the same moment on an empty database.
    cluster = await startCluster(2, { METRICS_TOKEN: 'cluster-metrics-token', LOG_LEVEL: 'info' });
    [a, b] = cluster.nodes as [TestServer, TestServer];
    balancer = new Balancer([portOf(a), portOf(b)]);
    balancerUrl = await balancer.listen();
    const login = await fetch(`${a.url}/api/portal/Auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Email: 'admin@voltline.local', Password: DEMO_PASSWORD }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const operators = await call<{ id: number; name: string }[]>(a, 'GET', 'portal/operator/lookup');
    operatorId = operators.body.data.find((o) => o.name === 'Voltline İstanbul')?.id ?? 0;
  });

  afterAll(async () => {
    await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
    await Promise.all(raws.map((c) => c.close({ force: true }).catch(() => undefined)));
    await balancer?.close();
    await cluster?.close();
  });

  it('starts two processes together on an empty database: migrated and seeded once, one leader', async () => {
    const admins = await rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email = 'admin@voltline.local'",
    );
    expect(admins[0]?.n).toBe(1);
    const operators = await rows<{ n: number }>('SELECT count(*)::int AS n FROM operators');
    expect(operators[0]?.n).toBe(3);
    const nodes = await rows<{ node_id: string }>('SELECT node_id FROM cluster_nodes ORDER BY node_id');
    expect(nodes.map((r) => r.node_id)).toEqual(['node-a', 'node-b']);
    // A token signed by one process is good on the other.
    expect((await call(b, 'GET', 'portal/Auth/me')).status).toBe(200);
    // Exactly one process leads the background jobs.
    await expect
      .poll(async () => (await metric(a, 'voltline_leader')) + (await metric(b, 'voltline_leader')))
      .toBe(1);
    const [leader, follower] = (await metric(a, 'voltline_leader')) === 1 ? [a, b] : [b, a];
    await expect
      .poll(() => metric(leader, 'voltline_background_job_runs_total', { job: 'lostProcesses' }))
      .toBeGreaterThan(1);
    for (const job of [
      'lostProcesses',
      'staleSessions',
      'bookingExpiry',
      'smartCharging',
      'firmwareCampaigns',
    ]) {
      expect(await metric(follower, 'voltline_background_job_runs_total', { job })).toBe(0);
    }
    for (const s of [a, b]) {
      const ready = await fetch(`${s.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect((await fetch(`${s.url}/api/health/live`)).status).toBe(200);
    }
  });

  it('sends a command asked of one process through the process holding the charger, with its answer, CALLERROR and time-out', async () => {
    const password = await chargePoint('CL-CMD');
    const charger = await rawCharger(b.url, 'CL-CMD', password);
    charger.handle('GetConfiguration', () =>
      Promise.resolve({ configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }] }),
    );
    charger.handle('GetInstalledCertificateIds', () =>
      Promise.reject(createRPCError('NotImplemented', 'not on this charger') as Error),
    );
    charger.handle('ClearCache', () => new Promise(() => undefined));
    await expect.poll(() => holder('CL-CMD')).toEqual({ connected: true, node: 'node-b' });

    const answered = await call<{ configurationKey: { key: string; value: string }[] }>(
      a,
      'POST',
      'ocpp/RemoteTrigger/getConfiguration',
      { chargePointId: 'CL-CMD', key: ['HeartbeatInterval'] },
    );
    expect(answered.status).toBe(200);
    expect(answered.body.data.configurationKey).toEqual([
      { key: 'HeartbeatInterval', readonly: false, value: '300' },
    ]);

    const refused = await call(a, 'POST', 'ocpp/RemoteTrigger/getInstalledCertificateIds', {
      chargePointId: 'CL-CMD',
      certificateType: 'CentralSystemRootCertificate',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('NotImplemented');

    // The call time-out is 5 s in these processes: the same "did not answer in time" as locally.
    const silent = await call(a, 'POST', 'ocpp/RemoteTrigger/clearCache', { chargePointId: 'CL-CMD' });
    expect(silent.status).toBe(409);
    expect(silent.body.error).toBe('Charge point CL-CMD did not answer ClearCache in time.');

    // Recorded by the asking process, with the outcome the holding process saw.
    const [cp] = await rows<{ id: number }>("SELECT id FROM charge_points WHERE charge_point_id = 'CL-CMD'");
    const history = await call<{ items: { action: string; outcome: string }[] }>(
      b,
      'GET',
      `portal/ChargePoint/${cp?.id}/commands`,
    );
    expect(history.body.data.items.map((i) => `${i.action}:${i.outcome}`).sort()).toEqual([
      'ClearCache:timedOut',
      'GetConfiguration:answered',
      'GetInstalledCertificateIds:callError',
    ]);
    expect(await metric(a, 'voltline_commands_total', { action: 'GetConfiguration', route: 'remote' })).toBe(
      1,
    );

    // A charger no process holds is "not connected" at once.
    await chargePoint('CL-NOWHERE');
    const offline = await call(a, 'POST', 'ocpp/RemoteTrigger/clearCache', { chargePointId: 'CL-NOWHERE' });
    expect(offline.status).toBe(409);
    expect(offline.body.error).toBe('Charge point CL-NOWHERE is not connected.');
    await charger.close({ force: true });
  });

  it('follows a charger that reconnects to the other process: the old socket is closed, commands find the new one', async () => {
    const password = await chargePoint('CL-MOVE');
    const first = await rawCharger(a.url, 'CL-MOVE', password);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      first.once('close', (e: { code: number; reason: Buffer | string }) =>
        resolve({ code: e.code, reason: String(e.reason) }),
      ),
    );
    await expect.poll(() => holder('CL-MOVE')).toEqual({ connected: true, node: 'node-a' });

    const second = await rawCharger(b.url, 'CL-MOVE', password);
    second.handle('GetConfiguration', () => Promise.resolve({ configurationKey: [] }));
    expect(await closed).toEqual({ code: 1000, reason: 'Replaced by a new connection' });
    await expect.poll(() => holder('CL-MOVE')).toEqual({ connected: true, node: 'node-b' });
    const viaA = await call(a, 'POST', 'ocpp/RemoteTrigger/getConfiguration', { chargePointId: 'CL-MOVE' });
    expect(viaA.status).toBe(200);
    await second.close({ force: true });
    await expect.poll(() => holder('CL-MOVE')).toEqual({ connected: false, node: null });
  });

  it("shows a charger's status through either process, in the portal too, whichever holds it", async () => {
    const password = await chargePoint('CL-LIVE');
    const charger = await rawCharger(a.url, 'CL-LIVE', password);
    await charger.call('StatusNotification', { connectorId: 1, status: 'Preparing', errorCode: 'NoError' });
    for (const s of [a, b]) {
      await expect.poll(() => connectorStatus(s, 'CL-LIVE')).toBe('Preparing');
    }
    // The portal served by process B, with the charger on A: its connectors change without a reload.
    const browser = await launchBrowser();
    try {
      const { page } = await newPage(browser, b.url);
      await signInAs(page, 'admin@voltline.local', '/portal/management/device/detail/CL-LIVE/connectors');
      const row = page.getByTestId('connector-table').locator('tbody tr.ant-table-row').first();
      await expect.poll(() => row.innerText()).toContain('Preparing');
      await charger.call('StatusNotification', {
        connectorId: 1,
        status: 'Faulted',
        errorCode: 'GroundFailure',
      });
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('Faulted');
    } finally {
      await browser.close();
    }
    await expect.poll(() => connectorStatus(b, 'CL-LIVE')).toBe('Faulted');
    await charger.close({ force: true });
  });

  it('F01/F02 drives a 2.0.1 station held by one process from the other: remote start and stop, its frames logged, its commands recorded', async () => {
    const password = await chargePoint('CL-201');
    const station = await startCharger201({
      url: wsUrl(b.url),
      id: 'CL-201',
      password,
      connectors: 1,
      speed: 60,
    });
    chargers.push(station);
    await expect.poll(() => holder('CL-201')).toEqual({ connected: true, node: 'node-b' });
    const [{ ocpp_protocol } = { ocpp_protocol: '' }] = await rows<{ ocpp_protocol: string }>(
      "SELECT ocpp_protocol FROM charge_points WHERE charge_point_id = 'CL-201'",
    );
    expect(ocpp_protocol).toBe('ocpp2.0.1');
    // The car is plugged in; the driver starts from the app.
    station.plugIn(1);

    // Asked of process A in the network's command language; B translates for its 2.0.1 socket.
    const start = await call<{ status: string; remoteStartId: number }>(
      a,
      'POST',
      'ocpp/RemoteTrigger/startTransaction',
      { chargePointId: 'CL-201', idTag: 'DEMO0002', connectorId: 1 },
    );
    expect(start.status).toBe(200);
    expect(start.body.data.status).toBe('Accepted');
    const session = async () =>
      (
        await rows<{ id: number; state: string; remote_start_id: number | null; energy_wh: string | null }>(
          `SELECT s.id, s.state, s.remote_start_id, s.energy_wh FROM charging_sessions s
           JOIN charge_points c ON c.id = s.charge_point_id WHERE c.charge_point_id = 'CL-201'`,
        )
      )[0];
    await expect.poll(async () => (await session())?.state, { timeout: 20_000 }).toBe('active');
    const running = await session();
    expect(running?.remote_start_id).toBe(start.body.data.remoteStartId);
    await new Promise((r) => setTimeout(r, 1500));

    const stop = await call<{ status: string }>(a, 'POST', 'ocpp/RemoteTrigger/stopTransaction', {
      chargePointId: 'CL-201',
      transactionId: running?.id,
    });
    expect(stop.body.data.status).toBe('Accepted');
    await expect.poll(async () => (await session())?.state, { timeout: 20_000 }).toBe('completed');
    expect(Number((await session())?.energy_wh)).toBeGreaterThan(0);

    // The holding process logged the 2.0.1 frames (its log is written in batches, a moment later);
    // the asking one recorded the commands.
    const logged = async () =>
      (
        await rows<{ action: string }>(
          `SELECT DISTINCT action FROM ocpp_messages WHERE charge_point_id = 'CL-201' AND action IS NOT NULL`,
        )
      ).map((r) => r.action);
    await expect
      .poll(logged, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          'BootNotification',
          'RequestStartTransaction',
          'RequestStopTransaction',
          'TransactionEvent',
        ]),
      );
    const [cp] = await rows<{ id: number }>("SELECT id FROM charge_points WHERE charge_point_id = 'CL-201'");
    const history = await call<{ items: { action: string; outcome: string }[] }>(
      a,
      'GET',
      `portal/ChargePoint/${cp?.id}/commands`,
    );
    // The device model asked for at the station's first acceptance, then staff's two commands.
    expect(history.body.data.items.map((i) => `${i.action}:${i.outcome}`).sort()).toEqual([
      'GetBaseReport:answered',
      'RemoteStartTransaction:answered',
      'RemoteStopTransaction:answered',
    ]);
    await station.close();
  });

  it('survives kill -9 of a process: its chargers reconnect to the other, their sessions end once, and the rest are shown offline', async () => {
    // Both chargers go through the load balancer to process A.
    balancer.prefer(0);
    const movingPw = await chargePoint('CL-KILL');
    // Billed by a postpaid tariff on its connector.
    const tariff = await call<{ id: number }>(a, 'POST', 'portal/tariff', {
      name: 'Cluster tariff',
      operatorId,
      type: 'AC',
      paymentType: 'Postpaid',
      pricePerKwh: 850,
      fixedPrice: 100,
    });
    const connectors = await call<{ id: number; connectorId: number }[]>(
      a,
      'GET',
      'portal/connector?chargePointId=CL-KILL',
    );
    const connector = connectors.body.data.find((c) => c.connectorId === 1);
    expect(
      (await call(a, 'PUT', 'portal/connector', { id: connector?.id, tariffId: tariff.body.data.id })).status,
    ).toBe(200);
    const charger = await startCharger({
      url: wsUrl(balancerUrl),
      id: 'CL-KILL',
      password: movingPw,
      connectors: 1,
      maxPower: 11_000,
      // A minute of charging a second: the session has energy to bill.
      speed: 60,
      reconnectDelay: { initial: 1, max: 2 },
      bootOnReconnect: true,
    });
    chargers.push(charger);
    const stuckPw = await chargePoint('CL-GONE');
    const gone = await rawCharger(balancerUrl, 'CL-GONE', stuckPw);
    gone.on('error', () => undefined);
    await expect.poll(() => holder('CL-KILL')).toEqual({ connected: true, node: 'node-a' });
    await expect.poll(() => holder('CL-GONE')).toEqual({ connected: true, node: 'node-a' });

    charger.plugIn(1);
    const start = await charger.startSession(1, 'DEMO0001');
    expect(start.status).toBe('Accepted');
    const transactionId = start.transactionId ?? 0;
    await new Promise((r) => setTimeout(r, 1500));

    // kill -9: no shutdown, no goodbye; the balancer sends new connections to B.
    balancer.prefer(null);
    await a.kill();
    // The session stops while the charger is cut off: its StopTransaction waits in its queue.
    charger.stopSession(1, 'Local');

    await expect
      .poll(() => holder('CL-KILL'), { timeout: 30_000 })
      .toEqual({ connected: true, node: 'node-b' })
      .catch((err: unknown) => {
        console.log(b.output());
        throw err;
      });
    // The charger that never comes back is shown offline within the node time-out (3 s) and a sweep.
    await expect.poll(() => holder('CL-GONE'), { timeout: 30_000 }).toEqual({ connected: false, node: null });
    const events = await rows<{
      detail: string;
    }>(`SELECT e.detail FROM connection_events e JOIN charge_points c ON c.id = e.charge_point_id
        WHERE c.charge_point_id = 'CL-GONE' AND e.event = 'disconnected'`);
    expect(events.map((r) => r.detail)).toEqual(['Voltline process lost']);

    // The session ends exactly once, billed once, with its energy.
    await expect
      .poll(
        async () =>
          (
            await rows<{ stopped_at: Date | null }>(
              'SELECT stopped_at FROM charging_sessions WHERE id = $1',
              [transactionId],
            )
          )[0]?.stopped_at ?? null,
        { timeout: 30_000 },
      )
      .not.toBeNull();
    const sessions = await rows<{
      id: number;
      energy_wh: string;
    }>(`SELECT s.id, s.energy_wh FROM charging_sessions s JOIN charge_points c ON c.id = s.charge_point_id
        WHERE c.charge_point_id = 'CL-KILL'`);
    expect(sessions).toHaveLength(1);
    expect(Number(sessions[0]?.energy_wh)).toBeGreaterThan(0);
    const payments = await rows<{ amount: string }>('SELECT amount FROM payments WHERE session_id = $1', [
      transactionId,
    ]);
    expect(payments).toHaveLength(1);
    expect(Number(payments[0]?.amount)).toBeGreaterThan(0);

    // B took over the background jobs and answers commands for the moved charger.
    await expect.poll(() => metric(b, 'voltline_leader'), { timeout: 20_000 }).toBe(1);
    const viaB = await call(b, 'POST', 'ocpp/RemoteTrigger/getConfiguration', { chargePointId: 'CL-KILL' });
    expect(viaB.status).toBe(200);
  });
});
