import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { chargingSessions, ocppMessages, payments } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { connectClient, listen, registerChargePoint, type Client } from './ocpp-helper.js';
import { pgliteOutage, postgresProxy, type Outage } from './db-outage.js';

// With PostgreSQL down for 20 s, sign-in and lists answered 500 "internal", the OCPP frames of the
// outage never reached the message log, and a StopTransaction was answered InternalError, so the
// charger had to send it again. On PostgreSQL the outage is real: the app reaches the database
// through a proxy the test cuts. The embedded database stands in with queries that fail as on a
// closed PGlite.

const PW = 'outage-charger-secret-1';
let t: TestApp;
let outage: Outage;
let charger: Client;
let admin: string;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  const proxy = url ? await postgresProxy(new URL(url)) : null;
  t = await createTestApp({ OCPP_STOP_RETRY_SECONDS: '30' }, proxy ? { via: proxy.via } : {});
  outage = proxy ?? pgliteOutage(t.database);
  admin = await t.login('admin@voltline.local');
  const cp = await registerChargePoint(t, 'OUTAGE-1', PW);
  // A postpaid tariff on connector 1: a stopped session leaves one payment.
  const ops = await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
    token: admin,
  });
  const operatorId = ops.body.data.find((o) => o.name === 'Voltline İstanbul')?.id;
  const tariff = await t.call<{ data: { id: number } }>('POST', '/api/portal/tariff', {
    token: admin,
    body: { name: 'Outage tariff', operatorId, type: 'AC', paymentType: 'Postpaid', pricePerKwh: 850 },
  });
  expect(tariff.status).toBe(200);
  const connectors = await t.call<{ data: { id: number; connectorId: number }[] }>(
    'GET',
    `/api/portal/connector?chargePointId=${cp.chargePointId}`,
    { token: admin },
  );
  const connector = connectors.body.data.find((c) => c.connectorId === 1);
  const put = await t.call('PUT', '/api/portal/connector', {
    token: admin,
    body: { id: connector?.id, tariffId: tariff.body.data.id },
  });
  expect(put.status).toBe(200);
  charger = await connectClient(await listen(t), 'OUTAGE-1', PW);
});
afterAll(async () => {
  outage.restore();
  await charger.close({ force: true });
  await t.close();
  await outage.close();
});

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('while the database is unavailable', () => {
  it('answers sign-in and lists 503 with Retry-After, in English and Turkish words', async () => {
    outage.cut();
    try {
      const signIn = await t.call<{ error: string; code: string }>('POST', '/api/portal/Auth/login', {
        body: { Email: 'admin@voltline.local', Password: 'whatever-it-is-1' },
      });
      expect(signIn.status).toBe(503);
      expect(signIn.res.headers['retry-after']).toBe('5');
      expect(signIn.body).toEqual({
        error:
          'Voltline cannot reach its database at the moment. Nothing was changed; please try again in a few seconds.',
        code: 'database_unavailable',
      });
      const list = await t.call<{ error: string }>('GET', '/api/portal/ChargePoint', {
        token: admin,
        headers: { 'accept-language': 'tr' },
      });
      expect(list.status).toBe(503);
      expect(list.res.headers['retry-after']).toBe('5');
      expect(list.body.error).toBe(
        'Voltline şu anda veritabanına ulaşamıyor. Hiçbir şey değişmedi; lütfen birkaç saniye sonra tekrar deneyin.',
      );
    } finally {
      outage.restore();
    }
    // Back: the same requests answer as before.
    await expect(t.login('admin@voltline.local')).resolves.toBeTruthy();
  });

  it('keeps the OCPP frames of the outage and writes them to the message log once it is back', async () => {
    const since = new Date();
    outage.cut();
    try {
      // Answered InternalError (the heartbeat cannot be stored), but every frame is kept.
      await expect(charger.call('Heartbeat', {})).rejects.toThrow();
      await expect(charger.call('Heartbeat', {})).rejects.toThrow();
      await pause(500); // a few of the log's flushes run into the outage
    } finally {
      outage.restore();
    }
    const frames = async () =>
      (
        await t.database.db
          .select({ type: ocppMessages.messageType, action: ocppMessages.action })
          .from(ocppMessages)
          .where(and(eq(ocppMessages.chargePointId, 'OUTAGE-1'), gte(ocppMessages.at, since)))
      ).length;
    await expect.poll(frames, { timeout: 10_000 }).toBe(4);
    const rows = await t.database.db
      .select({ type: ocppMessages.messageType, action: ocppMessages.action })
      .from(ocppMessages)
      .where(and(eq(ocppMessages.chargePointId, 'OUTAGE-1'), gte(ocppMessages.at, since)))
      .orderBy(ocppMessages.at, ocppMessages.id);
    expect(rows).toEqual([
      { type: 'CALL', action: 'Heartbeat' },
      { type: 'CALLERROR', action: 'Heartbeat' },
      { type: 'CALL', action: 'Heartbeat' },
      { type: 'CALLERROR', action: 'Heartbeat' },
    ]);
  });

  it('answers a StopTransaction sent during the outage normally once it is stored, and bills the session once', async () => {
    const started = (await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DEMO0001',
      meterStart: 1_000,
      timestamp: new Date(Date.now() - 3600_000).toISOString(),
    })) as { transactionId: number; idTagInfo: { status: string } };
    expect(started.idTagInfo.status).toBe('Accepted');
    const stop = {
      transactionId: started.transactionId,
      meterStop: 6_000,
      idTag: 'DEMO0001',
      timestamp: new Date().toISOString(),
      reason: 'Local',
    };
    outage.cut();
    let answer: Promise<unknown>;
    try {
      answer = charger.call('StopTransaction', stop);
      answer.catch(() => undefined);
      await pause(1_500); // the Stop meets the outage, perhaps more than once
    } finally {
      outage.restore();
    }
    expect(((await answer) as { idTagInfo?: { status: string } }).idTagInfo?.status).toBe('Accepted');
    // A charger that sends it again anyway changes nothing.
    await expect(charger.call('StopTransaction', stop)).resolves.toBeTruthy();

    const [session] = await t.database.db
      .select({ state: chargingSessions.state, energyWh: chargingSessions.energyWh })
      .from(chargingSessions)
      .where(eq(chargingSessions.id, started.transactionId));
    expect(session).toEqual({ state: 'completed', energyWh: 5_000 });
    const paid = await t.database.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.sessionId, started.transactionId));
    expect(paid).toHaveLength(1);
  });
});
