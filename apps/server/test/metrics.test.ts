import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { boot, connectClient, listen, registerChargePoint, until, type Client } from './ocpp-helper.js';

const TOKEN = 'scrape-token-0123456789';

/** One sample's value from Prometheus text, by metric name and labels (all given labels must match). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('metrics on the main port, behind METRICS_TOKEN', () => {
  let t: TestApp;
  let url: string;
  let charger: Client;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, NODE_ID: 'node-a' });
    url = await listen(t);
    await registerChargePoint(t, 'CP-METRICS', 'metrics-password-1');
    charger = await connectClient(url, 'CP-METRICS', 'metrics-password-1');
    await charger.call('BootNotification', boot);
    await charger.call('Heartbeat', {});
  });

  afterAll(async () => {
    await charger?.close({ force: true });
    await t?.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token, or with another one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer scrape-token-0123456780')).statusCode).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(401);
  });

  it('counts connected chargers, OCPP frames per action and handler latency, labelled by node', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'voltline_connected_chargers', { node: 'node-a' })).toBe(1);
    expect(
      sample(text, 'voltline_ocpp_messages_total', {
        direction: 'in',
        type: 'CALL',
        action: 'BootNotification',
      }),
    ).toBe(1);
    expect(
      sample(text, 'voltline_ocpp_messages_total', {
        direction: 'out',
        type: 'CALLRESULT',
        action: 'Heartbeat',
      }),
    ).toBe(1);
    expect(
      sample(text, 'voltline_ocpp_handler_seconds_count', {
        action: 'BootNotification',
        outcome: 'answered',
      }),
    ).toBe(1);
    expect(text).toMatch(/voltline_process_cpu_seconds_total\{node="node-a"\} /);
  });

  it('counts commands sent to chargers with their outcome, and the message log’s writes', async () => {
    charger.handle('Reset', () => Promise.resolve({ status: 'Accepted' }));
    const admin = await t.login('admin@voltline.local');
    const sent = await t.call('POST', '/api/ocpp/RemoteTrigger/reset', {
      token: admin,
      body: { chargePointId: 'CP-METRICS', type: 'Soft' },
    });
    expect(sent.status).toBe(200);
    const offline = await t.call('POST', '/api/ocpp/RemoteTrigger/reset', {
      token: admin,
      body: { chargePointId: 'CP-NOWHERE', type: 'Soft' },
    });
    expect(offline.status).toBeGreaterThanOrEqual(400);
    const text = await until(async () => {
      const body = (await scrape(`Bearer ${TOKEN}`)).body;
      return (sample(body, 'voltline_message_log_rows_written_total') ?? 0) > 0 ? body : null;
    });
    expect(
      sample(text, 'voltline_commands_total', { action: 'Reset', route: 'local', outcome: 'answered' }),
    ).toBe(1);
    // Each command the charger answered (a result or an error) has its round trip: the Reset, and
    // what Voltline asked by itself after the boot (California Pricing's GetConfiguration).
    const answered = text
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('voltline_commands_total{') &&
          l.includes('route="local"') &&
          !l.includes('outcome="offline"'),
      )
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    expect(answered).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'voltline_command_round_trip_seconds_count', { route: 'local' })).toBe(answered);
    expect(sample(text, 'voltline_message_log_flush_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'voltline_message_log_queue_depth')).toBeGreaterThanOrEqual(0);
  });
});

describe('metrics on a port of their own (METRICS_PORT)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0', NODE_ID: 'node-b' });
    await listen(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves them there without a token, and not on the main port', async () => {
    const port = t.app.metricsPort();
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'voltline_connected_chargers', { node: 'node-b' })).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('metrics when neither METRICS_TOKEN nor METRICS_PORT is set', () => {
  it('are not served', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
