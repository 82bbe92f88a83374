import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import { chargePoints, chargingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { boot201, connectClient, listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { txEvents } from '../../../test/tx201.js';

// E09/E10: the cable leaves the car in the middle of a session, on a simulated OCPP 2.0.1 station.
// With StopTxOnEVSideDisconnect the station ends the transaction (EVCommunicationLost,
// EVDisconnected) and the session closes, billed, "Car unplugged"; without it the transaction is
// suspended: the session stays open, its EVSE SuspendedEV with no power, until the car comes back
// or the driver's card ends it.

let t: TestApp;
let url: string;
let admin: string;
let sim: SimCharger201;
const PW = 'ev-side-secret-201';

type SessionOut = { id: number; state: string; stopReason: string | null; powerW: number | null };
type ChargePointOut = { connectors: { connectorId: number; status: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  await registerChargePoint(t, 'EVSIDE-1', PW);
  await registerChargePoint(t, 'EVSIDE-RAW', PW);
  sim = await startCharger201({
    url,
    id: 'EVSIDE-1',
    password: PW,
    idTags: ['DEMO0001'],
    config: { MeterValueSampleInterval: '1' },
  });
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const cpRow = async (id = 'EVSIDE-1') =>
  (await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id)))[0]!;

/** The session of the station's transaction, as the portal's API shows it. */
async function session(transactionId: string): Promise<SessionOut> {
  const row = await until(async () => {
    const [s] = await t.database.db
      .select({ id: chargingSessions.id })
      .from(chargingSessions)
      .where(eq(chargingSessions.chargerTransactionId, transactionId));
    return s;
  });
  const r = await t.call<{ data: SessionOut }>('GET', `/api/portal/Transaction/${row.id}`, { token: admin });
  return r.body.data;
}

const evse1 = async (id = 'EVSIDE-1') => {
  const r = await t.call<{ data: ChargePointOut }>('GET', `/api/portal/ChargePoint/${(await cpRow(id)).id}`, {
    token: admin,
  });
  return r.body.data.connectors.find((c) => c.connectorId === 1)?.status;
};

/** A charging session on EVSE 1, running in Voltline, with power flowing. */
async function charging(): Promise<string> {
  const started = await sim.startSession(1, 'DEMO0001');
  expect(started.status).toBe('Accepted');
  const transactionId = started.transactionId!;
  await until(async () => {
    const s = await session(transactionId);
    return s.state === 'active' && (s.powerW ?? 0) > 0 && (await evse1()) === 'Charging';
  });
  return transactionId;
}

describe('E09/E10 cable disconnected on the EV side', () => {
  it('E09 with StopTxOnEVSideDisconnect the station ends the transaction and the session closes', async () => {
    sim.model.set('TxCtrlr', 'StopTxOnEVSideDisconnect', 'true');
    const transactionId = await charging();
    sim.unplug(1);
    const closed = await until(async () => {
      const s = await session(transactionId);
      return s.state !== 'active' && s;
    });
    expect(closed).toMatchObject({ state: 'completed', stopReason: 'EVDisconnected' });
    await until(async () => (await evse1()) === 'Available');
  });

  it('E10 without it the session is suspended with the car gone, resumes when it is back, and ends by card', async () => {
    sim.model.set('TxCtrlr', 'StopTxOnEVSideDisconnect', 'false');
    const transactionId = await charging();
    sim.unplug(1);
    // Suspended: still running, no power, the EVSE SuspendedEV (the cable stays locked).
    const suspended = await until(async () => {
      const s = await session(transactionId);
      return (await evse1()) === 'SuspendedEV' && s.powerW === 0 && s;
    });
    expect(suspended).toMatchObject({ state: 'active', stopReason: null });
    expect(sim.sessions.findTransaction(transactionId)).toBeDefined();

    // The car comes back: the same session charges again.
    sim.plugIn(1);
    await until(
      async () => (await evse1()) === 'Charging' && ((await session(transactionId)).powerW ?? 0) > 0,
    );

    // Gone again, then the driver's card ends it at the station.
    sim.unplug(1);
    await until(async () => (await evse1()) === 'SuspendedEV');
    expect((await sim.swipe('DEMO0001')).status).toBe('Accepted');
    const closed = await until(async () => {
      const s = await session(transactionId);
      return s.state !== 'active' && s;
    });
    expect(closed).toMatchObject({ state: 'completed', stopReason: 'Local' });
    const rows = await t.database.db
      .select()
      .from(chargingSessions)
      .where(
        and(eq(chargingSessions.chargePointId, (await cpRow()).id), eq(chargingSessions.state, 'active')),
      );
    expect(rows).toHaveLength(0);
  });

  it('E09/E10 frames as a station sends them: Updated EVDeparted suspends, Ended EVDisconnected closes', async () => {
    const raw = await connectClient(url, 'EVSIDE-RAW', PW, 'ocpp2.0.1');
    try {
      expect(await raw.call('BootNotification', boot201)).toMatchObject({ status: 'Accepted' });
      const [started, , ended] = txEvents('RAW-EV', Date.now() - 30 * 60_000, {
        token: 'DEMO0001',
        reason: 'EVDisconnected',
      });
      await raw.call('TransactionEvent', started);
      await until(async () => (await evse1('EVSIDE-RAW')) === 'Charging');
      await raw.call('TransactionEvent', {
        eventType: 'Updated',
        timestamp: new Date(Date.now() - 20 * 60_000).toISOString(),
        triggerReason: 'EVDeparted',
        seqNo: 1,
        transactionInfo: { transactionId: 'RAW-EV', chargingState: 'Idle' },
      });
      await until(async () => (await evse1('EVSIDE-RAW')) === 'SuspendedEV');
      expect(await session('RAW-EV')).toMatchObject({ state: 'active', stopReason: null });
      await raw.call('TransactionEvent', ended);
      expect(await session('RAW-EV')).toMatchObject({ state: 'completed', stopReason: 'EVDisconnected' });
    } finally {
      await raw.close({ force: true });
    }
  });
});
