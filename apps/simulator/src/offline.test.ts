import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from './index.js';
import { TestCentralSystem } from './test-server.js';

let cs: TestCentralSystem;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await cs.close();
});

describe('offline behaviour', () => {
  it('queues StartTransaction, MeterValues and StopTransaction while offline and resends them in order', async () => {
    const c = await startCharger({
      url: cs.url,
      id: 'CP-QUEUE',
      speed: 20,
      config: { MeterValueSampleInterval: '10' },
    });
    chargers.push(c);
    const first = await c.startSession(1, 'TAG-Q');
    expect(first.transactionId).toBeDefined();

    await c.disconnect();
    expect(c.isConnected).toBe(false);
    c.stopSession(1);
    // TAG-Q is in the authorization cache, so the charger may start offline (LocalAuthorizeOffline).
    const offline = await c.startSession(2, 'TAG-Q');
    expect(offline).toEqual({ status: 'Accepted' });
    expect(c.activeTransactions).toEqual({ 2: undefined });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    c.stopSession(2);
    expect(c.outbox.size).toBeGreaterThanOrEqual(4);
    const sentBefore = cs.received.length;

    await c.reconnect();
    const stops = await cs.until(() => {
      const s = cs.messages('CP-QUEUE', 'StopTransaction');
      return s.length >= 2 && s;
    }, 3000);
    const resent = cs.received
      .slice(sentBefore)
      .filter((m) => m.identity === 'CP-QUEUE' && m.action !== 'StatusNotification');
    expect(resent[0]?.action).toBe('StopTransaction');
    expect(resent[0]?.payload.transactionId).toBe(first.transactionId);
    expect(resent[1]?.action).toBe('StartTransaction');
    expect(resent[1]?.payload.connectorId).toBe(2);
    const secondId = (await cs.until(() => stops[1])).payload.transactionId;
    expect(secondId).not.toBe(first.transactionId);
    const meterValues = resent.filter((m) => m.action === 'MeterValues');
    expect(meterValues.length).toBeGreaterThanOrEqual(1);
    expect(meterValues.every((m) => m.payload.transactionId === secondId)).toBe(true);
    expect(resent.at(-1)?.action).toBe('StopTransaction');
    // A network reconnect is not a reboot: no second BootNotification.
    expect(cs.messages('CP-QUEUE', 'BootNotification')).toHaveLength(1);
    await cs.until(() => c.outbox.size === 0, 1000, 'outbox drained');
  });

  it('resends a StartTransaction whose answer was lost with the connection, and uses the answer it read', async () => {
    const c = await startCharger({
      url: cs.url,
      id: 'CP-RESEND',
      resendStartOnReconnect: true,
      reconnectDelay: { initial: 0.1, max: 0.5 },
      speed: 20,
      config: { MeterValueSampleInterval: '10' },
    });
    chargers.push(c);
    const start = await c.startSession(1, 'TAG-RESEND');
    const [first, second] = cs.messages('CP-RESEND', 'StartTransaction');
    // The very same message twice (same connector, meterStart and timestamp), over two connections.
    expect(second?.payload).toEqual(first?.payload);
    expect(cs.handshakes.filter((h) => h.identity === 'CP-RESEND')).toHaveLength(2);
    const answered = (second?.response as { transactionId: number }).transactionId;
    expect(answered).not.toBe((first?.response as { transactionId: number }).transactionId);
    expect(start.transactionId).toBe(answered);
    const meter = await cs.nth('CP-RESEND', 'MeterValues');
    expect(meter.payload.transactionId).toBe(answered);
    c.stopSession(1);
    expect((await cs.nth('CP-RESEND', 'StopTransaction')).payload.transactionId).toBe(answered);
    // Lost once only, and a network reconnect is not a reboot.
    expect(cs.messages('CP-RESEND', 'StartTransaction')).toHaveLength(2);
    expect(cs.messages('CP-RESEND', 'BootNotification')).toHaveLength(1);
  });

  it('reconnects by itself with backoff when the central system drops the socket', async () => {
    const c = await startCharger({ url: cs.url, id: 'CP-DROP', reconnectDelay: { initial: 0.2, max: 1 } });
    chargers.push(c);
    await cs.until(() => cs.clients.has('CP-DROP'));
    await cs.disconnect('CP-DROP');
    await cs.until(
      () => cs.handshakes.filter((h) => h.identity === 'CP-DROP').length === 2,
      3000,
      'reconnect',
    );
    await cs.until(() => c.isOnline, 2000, 'online');
    expect(c.bootState).toBe('Accepted');
  });

  it('keeps retrying until the central system comes up, then boots', async () => {
    const probe = await new TestCentralSystem().start();
    const url = probe.url;
    await probe.close();
    const c = await startCharger({ url, id: 'CP-EARLY', reconnectDelay: { initial: 0.1, max: 0.2 } });
    chargers.push(c);
    expect(c.isConnected).toBe(false);
    expect(c.bootState).toBe('Offline');
    const late = await new TestCentralSystem().start(Number(new URL(url).port));
    try {
      await late.nth('CP-EARLY', 'BootNotification', 1, 3000);
      await late.until(() => c.isOnline, 2000, 'online');
    } finally {
      await c.close();
      await late.close();
    }
  });
});
