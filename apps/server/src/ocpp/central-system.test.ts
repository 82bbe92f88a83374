import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { and, eq, inArray } from 'drizzle-orm';
import {
  chargePoints,
  chargingSessions,
  connectionEvents,
  connectors,
  drivers,
  meterValues,
  rfidCards,
  statusHistory,
  unmatchedStops,
} from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import {
  boot,
  connectClient,
  listen,
  nextFrame,
  rawSocket,
  registerChargePoint,
  until,
  type Client,
} from '../../test/ocpp-helper.js';

let t: TestApp;
let url: string;
const PW = 'charger-secret-0001';
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  for (const id of ['CP-A', 'CP-B', 'CP-C', 'CP-D', 'CP-E']) await registerChargePoint(t, id, PW);
  await registerChargePoint(t, 'CP-ANK', PW, 'Voltline Ankara');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

async function client(id: string, password = PW) {
  const c = await connectClient(url, id, password);
  clients.push(c);
  return c;
}

const db = () => t.database.db;
const cpRow = async (id: string) =>
  (await db().select().from(chargePoints).where(eq(chargePoints.chargePointId, id)))[0];

describe('connection', () => {
  it('refuses an unknown charge point id at the handshake', async () => {
    await expect(connectClient(url, 'NOBODY', PW)).rejects.toThrow();
    await expect(rawSocket(url, 'NOBODY', PW)).rejects.toThrow('HTTP 404');
  });

  it('refuses a wrong or missing password with 401', async () => {
    await expect(rawSocket(url, 'CP-A', 'wrong-password')).rejects.toThrow('HTTP 401');
    await expect(rawSocket(url, 'CP-A')).rejects.toThrow('HTTP 401');
  });

  it('accepts the right password even when the Basic user name is not the id', async () => {
    const ws = await new Promise<WebSocket>((resolve, reject) => {
      void Promise.resolve().then(() => {
        const s = new WebSocket(`${url}/CP-E`, ['ocpp1.6'], {
          headers: { authorization: `Basic ${Buffer.from(`installer:${PW}`).toString('base64')}` },
        });
        s.once('open', () => resolve(s));
        s.once('unexpected-response', (_q, r) => reject(new Error(`HTTP ${r.statusCode}`)));
      });
    });
    ws.send(JSON.stringify([2, 'hb-1', 'Heartbeat', {}]));
    const answer = await nextFrame(ws);
    expect(answer[0]).toBe(3);
    expect(answer[1]).toBe('hb-1');
    ws.close();
  });

  it('keeps connection state and history, and a second connection replaces the first', async () => {
    const first = await client('CP-B');
    await until(async () => (await cpRow('CP-B'))?.connected);
    const closed = new Promise((resolve) => first.once('close', resolve));
    const second = await client('CP-B');
    await closed;
    const answer = (await second.call('Heartbeat', {})) as { currentTime: string };
    expect(Date.parse(answer.currentTime)).toBeGreaterThan(0);
    expect((await cpRow('CP-B'))?.connected).toBe(true);
    await second.close();
    await until(async () => (await cpRow('CP-B'))?.connected === false);
    const events = await db()
      .select()
      .from(connectionEvents)
      .where(eq(connectionEvents.chargePointId, (await cpRow('CP-B'))!.id));
    expect(events.map((e) => e.event)).toEqual(['connected', 'connected', 'disconnected']);
  });
});

describe('messages from the charger', () => {
  it('BootNotification records the charger and answers with the operator heartbeat interval', async () => {
    const c = await client('CP-A');
    const answer = (await c.call('BootNotification', boot)) as { status: string; interval: number };
    expect(answer).toMatchObject({ status: 'Accepted', interval: 300 });
    const row = await cpRow('CP-A');
    expect(row).toMatchObject({
      vendor: 'Voltline',
      model: 'Test 22',
      serialNumber: 'SN-1',
      firmwareVersion: '1.2.3',
      iccid: boot.iccid,
      imsi: boot.imsi,
    });
    expect(row?.lastHeartbeatAt).toBeTruthy();
  });

  it('StatusNotification updates the connector and keeps history, connector 0 included', async () => {
    const c = await client('CP-C');
    await c.call('StatusNotification', { connectorId: 0, status: 'Available', errorCode: 'NoError' });
    await c.call('StatusNotification', {
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'GroundFailure',
      info: 'RCD tripped',
      timestamp: new Date().toISOString(),
    });
    const cp = await cpRow('CP-C');
    const [conn] = await db()
      .select()
      .from(connectors)
      .where(and(eq(connectors.chargePointId, cp!.id), eq(connectors.connectorId, 1)));
    expect(conn).toMatchObject({ status: 'Faulted', errorCode: 'GroundFailure', info: 'RCD tripped' });
    expect(await cpRow('CP-C')).toMatchObject({ status: 'Available', errorCode: 'NoError' });
    const history = await db().select().from(statusHistory).where(eq(statusHistory.chargePointId, cp!.id));
    expect(history.map((h) => [h.connectorId, h.status])).toEqual([
      [0, 'Available'],
      [1, 'Faulted'],
    ]);
  });

  it('Authorize answers from the card, its driver and the prepaid rule', async () => {
    const c = await client('CP-D');
    const auth = async (idTag: string) =>
      ((await c.call('Authorize', { idTag })) as { idTagInfo: { status: string } }).idTagInfo.status;
    expect(await auth('DEMO0001')).toBe('Accepted');
    expect(await auth('UNKNOWN-TAG')).toBe('Invalid');
    // A card of the same network's other branch works; the demo Ankara driver has no balance rule.
    expect(await auth('DEMO0003')).toBe('Accepted');

    const [card4] = await db().select().from(rfidCards).where(eq(rfidCards.number, 'DEMO0004'));
    await db()
      .update(rfidCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rfidCards.id, card4!.id));
    expect(await auth('DEMO0004')).toBe('Expired');
    await db().update(rfidCards).set({ archivedAt: new Date() }).where(eq(rfidCards.id, card4!.id));
    expect(await auth('DEMO0004')).toBe('Blocked');

    const [card2] = await db().select().from(rfidCards).where(eq(rfidCards.number, 'DEMO0002'));
    await db().update(drivers).set({ status: 'blocked' }).where(eq(drivers.id, card2!.driverId));
    expect(await auth('DEMO0002')).toBe('Blocked');
    await db().update(drivers).set({ status: 'active', balance: 100 }).where(eq(drivers.id, card2!.driverId));
    // İstanbul is prepaid with a minimum balance of 50.00: 1.00 is not enough.
    expect(await auth('DEMO0002')).toBe('Blocked');
    await db().update(drivers).set({ balance: 120_000 }).where(eq(drivers.id, card2!.driverId));
    expect(await auth('DEMO0002')).toBe('Accepted');
  });

  it('runs a session: start, meter values, stop; resends change nothing; Authorize answers for the card alone', async () => {
    const c = await client('CP-A');
    const start = {
      connectorId: 1,
      idTag: 'DEMO0001',
      meterStart: 1_000_000,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
    };
    const started = (await c.call('StartTransaction', start)) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(started.idTagInfo.status).toBe('Accepted');
    const again = (await c.call('StartTransaction', start)) as {
      transactionId: number;
      idTagInfo: { status: string };
    };
    expect(again.transactionId).toBe(started.transactionId);
    expect(again.idTagInfo.status).toBe('Accepted');

    // Authorize answers for the card alone (OCPP 1.6 keeps ConcurrentTx for StartTransaction).
    const other = (await c.call('Authorize', { idTag: 'DEMO0001' })) as { idTagInfo: { status: string } };
    expect(other.idTagInfo.status).toBe('Accepted');

    const sample = {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: new Date(Date.now() - 30_000).toISOString(),
          sampledValue: [
            { value: '1005.5', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
            { value: '16.1', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
            { value: '42', measurand: 'SoC', unit: 'Percent' },
          ],
        },
      ],
    };
    await c.call('MeterValues', sample);
    await c.call('MeterValues', sample);
    const stop = {
      transactionId: started.transactionId,
      meterStop: 1_007_250,
      timestamp: new Date().toISOString(),
      reason: 'EVDisconnected',
      idTag: 'DEMO0001',
      transactionData: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [{ value: '1007250', context: 'Transaction.End' }],
        },
      ],
    };
    await c.call('StopTransaction', stop);
    await c.call('StopTransaction', stop);

    const sessions = await db()
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, started.transactionId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      state: 'completed',
      energyWh: 7250,
      stopReason: 'EVDisconnected',
      lastSoc: 42,
      lastPowerW: 11000,
    });
    const values = await db()
      .select()
      .from(meterValues)
      .where(eq(meterValues.sessionId, started.transactionId));
    expect(values).toHaveLength(5);
    expect(values.find((v) => v.measurand === 'Current.Import')).toMatchObject({
      phase: 'L1',
      unit: 'A',
      numeric: 16.1,
    });
    expect(values.find((v) => v.context === 'Transaction.End')?.numeric).toBe(1007250);
  });

  it('accepts and keeps a StopTransaction for a transaction it never saw', async () => {
    const c = await client('CP-A');
    const answer = await c.call('StopTransaction', {
      transactionId: 987654,
      meterStop: 10,
      timestamp: new Date().toISOString(),
    });
    expect(answer).toEqual({});
    const rows = await db().select().from(unmatchedStops).where(eq(unmatchedStops.transactionId, 987654));
    expect(rows).toHaveLength(1);
  });

  it('answers CALLs sent together without waiting, in order where it matters', async () => {
    const c = await client('CP-D');
    const ts = new Date().toISOString();
    const [started] = (await Promise.all([
      c.call('StartTransaction', { connectorId: 2, idTag: 'DEMO0003', meterStart: 5000, timestamp: ts }),
      c.call('StatusNotification', {
        connectorId: 2,
        status: 'Charging',
        errorCode: 'NoError',
        timestamp: ts,
      }),
      c.call('Heartbeat', {}),
    ])) as unknown as [{ transactionId: number }];
    const [mv, stopped] = await Promise.all([
      c.call('MeterValues', {
        connectorId: 2,
        transactionId: started.transactionId,
        meterValue: [{ timestamp: ts, sampledValue: [{ value: '5600' }] }],
      }),
      c.call('StopTransaction', {
        transactionId: started.transactionId,
        meterStop: 6000,
        timestamp: new Date().toISOString(),
      }),
    ]);
    expect(mv).toEqual({});
    expect(stopped).toEqual({});
    const [s] = await db()
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, started.transactionId));
    expect(s).toMatchObject({ state: 'completed', energyWh: 1000 });
  });
});

describe('MeterValues from many chargers at once', () => {
  it('keeps each session its own live figures, and never lets a charger write into another one', async () => {
    const ids = ['MV-1', 'MV-2', 'MV-3', 'MV-4', 'MV-5', 'MV-6'];
    for (const id of ids) await registerChargePoint(t, id, PW);
    const chargers = await Promise.all(ids.map((id) => client(id)));
    const ts = new Date().toISOString();
    const started = (await Promise.all(
      chargers.map((c, i) =>
        c.call('StartTransaction', { connectorId: 1, idTag: `MV-TAG-${i}`, meterStart: 1000, timestamp: ts }),
      ),
    )) as { transactionId: number }[];
    const tx = started.map((s) => s.transactionId);
    // Sent together, so they share database writes; the last charger quotes the first one's session.
    await Promise.all(
      chargers.map((c, i) =>
        c.call('MeterValues', {
          connectorId: 1,
          transactionId: i === chargers.length - 1 ? tx[0] : tx[i],
          meterValue: [
            {
              timestamp: ts,
              sampledValue: [
                { value: String(2000 + i * 100), unit: 'Wh' },
                ...(i % 2 === 0
                  ? [{ value: String(7000 + i), measurand: 'Power.Active.Import' as const }]
                  : []),
              ],
            },
          ],
        }),
      ),
    );
    const rows = await db()
      .select({ id: chargingSessions.id, wh: chargingSessions.lastMeterWh, w: chargingSessions.lastPowerW })
      .from(chargingSessions)
      .where(inArray(chargingSessions.id, tx));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (let i = 0; i < chargers.length - 1; i++) {
      expect(byId.get(tx[i]!), ids[i]).toEqual({
        id: tx[i],
        wh: 2000 + i * 100,
        w: i % 2 === 0 ? 7000 + i : null,
      });
    }
    // The last charger's own session kept its start figures; its samples were stored unattached.
    expect(byId.get(tx[chargers.length - 1]!)).toMatchObject({ wh: 1000, w: null });
    const stray = await db()
      .select({ sessionId: meterValues.sessionId })
      .from(meterValues)
      .innerJoin(chargePoints, eq(chargePoints.id, meterValues.chargePointId))
      .where(eq(chargePoints.chargePointId, 'MV-6'));
    expect(stray).toEqual([{ sessionId: null }]);
  });
});

describe('StatusNotification from many chargers at once', () => {
  it("keeps every report as history and the newest as each connector's status, even when one arrives late", async () => {
    const ids = ['ST-1', 'ST-2', 'ST-3', 'ST-4'];
    for (const id of ids) await registerChargePoint(t, id, PW);
    const chargers = await Promise.all(ids.map((id) => client(id)));
    const at = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    // Sent together, so they share database writes.
    await Promise.all(
      chargers.map((c, i) =>
        c.call('StatusNotification', {
          connectorId: i === 3 ? 0 : 1,
          status: i === 2 ? 'Faulted' : 'Charging',
          errorCode: i === 2 ? 'GroundFailure' : 'NoError',
          timestamp: at(5),
        }),
      ),
    );
    // ST-1's older report arrives after its newer one: history gains it, the connector keeps the newer.
    await chargers[0]!.call('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: at(30),
    });
    const cps = await db()
      .select({ id: chargePoints.id, cp: chargePoints.chargePointId, status: chargePoints.status })
      .from(chargePoints)
      .where(inArray(chargePoints.chargePointId, ids));
    const idOf = (name: string) => cps.find((c) => c.cp === name)!.id;
    const status = async (name: string) =>
      (
        await db()
          .select({ status: connectors.status, errorCode: connectors.errorCode })
          .from(connectors)
          .where(and(eq(connectors.chargePointId, idOf(name)), eq(connectors.connectorId, 1)))
      )[0];
    expect(await status('ST-1')).toEqual({ status: 'Charging', errorCode: 'NoError' });
    expect(await status('ST-2')).toEqual({ status: 'Charging', errorCode: 'NoError' });
    expect(await status('ST-3')).toEqual({ status: 'Faulted', errorCode: 'GroundFailure' });
    expect(cps.find((c) => c.cp === 'ST-4')?.status).toBe('Charging');
    const history = await db()
      .select({ status: statusHistory.status })
      .from(statusHistory)
      .where(eq(statusHistory.chargePointId, idOf('ST-1')))
      .orderBy(statusHistory.id);
    expect(history.map((h) => h.status)).toEqual(['Charging', 'Available']);

    // A report dated in 2199 by a broken clock does not freeze the connector until then.
    await chargers[1]!.call('StatusNotification', {
      connectorId: 1,
      status: 'Faulted',
      errorCode: 'OtherError',
      timestamp: '2199-01-01T00:00:00Z',
    });
    await chargers[1]!.call('StatusNotification', {
      connectorId: 1,
      status: 'Available',
      errorCode: 'NoError',
      timestamp: at(0),
    });
    expect(await status('ST-2')).toEqual({ status: 'Available', errorCode: 'NoError' });
  });
});

describe('StatusNotification at a time that cannot be', () => {
  it('is refused with PropertyConstraintViolation (it answered InternalError), and a report sent with it is kept', async () => {
    const ids = ['ST-TIME-1', 'ST-TIME-2'];
    for (const id of ids) await registerChargePoint(t, id, PW);
    const [bad, good] = await Promise.all(ids.map((id) => client(id)));
    const report = { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure' } as const;
    // Sent together, so they would share one database write.
    const [refused, kept] = await Promise.allSettled([
      bad!.call('StatusNotification', { ...report, timestamp: '0000-01-01T00:00:00Z' }),
      good!.call('StatusNotification', { ...report, timestamp: new Date().toISOString() }),
    ]);
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: { rpcErrorCode: 'PropertyConstraintViolation' },
    });
    expect(kept).toEqual({ status: 'fulfilled', value: {} });
    const [cp] = await db().select().from(chargePoints).where(eq(chargePoints.chargePointId, 'ST-TIME-2'));
    const [conn] = await db()
      .select({ status: connectors.status })
      .from(connectors)
      .where(and(eq(connectors.chargePointId, cp!.id), eq(connectors.connectorId, 1)));
    expect(conn).toEqual({ status: 'Faulted' });
  });
});

describe('bad frames', () => {
  it('answers malformed and schema-violating frames with CALLERRORs and keeps serving', async () => {
    const ws = await rawSocket(url, 'CP-C', PW);
    ws.send(JSON.stringify([2, 'bad-1', 'BootNotification', { chargePointVendor: 'X' }]));
    const schema = await nextFrame(ws);
    expect(schema.slice(0, 2)).toEqual([4, 'bad-1']);
    expect(String(schema[2])).toMatch(/Violation/);

    ws.send(JSON.stringify([2, 'bad-2', 'MakeCoffee', {}]));
    const unknown = await nextFrame(ws);
    expect(unknown.slice(0, 3)).toEqual([4, 'bad-2', 'NotImplemented']);

    // Frames that are not a CALL get the codes OCPP-J 1.6 defines (ocpp-rpc's own are 2.0.1's).
    ws.send('this is not json');
    const garbage = await nextFrame(ws);
    expect(garbage.slice(0, 3)).toEqual([4, '-1', 'FormationViolation']);
    ws.send(JSON.stringify([2, 'bad-3', 123, {}]));
    expect((await nextFrame(ws)).slice(0, 3)).toEqual([4, 'bad-3', 'FormationViolation']);
    ws.send(JSON.stringify([5, 'bad-4', 'Heartbeat', {}]));
    expect((await nextFrame(ws)).slice(0, 3)).toEqual([4, '-1', 'ProtocolError']);

    ws.send(JSON.stringify([2, 'ok-1', 'Heartbeat', {}]));
    const fine = await nextFrame(ws);
    expect(fine.slice(0, 2)).toEqual([3, 'ok-1']);
    ws.close();
  });
});
