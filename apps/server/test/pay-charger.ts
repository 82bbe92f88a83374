import { eq } from 'drizzle-orm';
import { connectors, operators, tariffs } from '../src/db/schema/index.js';
import type { TestApp } from './helper.js';
import { boot, connectClient, registerChargePoint, type Client } from './ocpp-helper.js';

type Params = Record<string, unknown>;

/**
 * A charge point of Voltline İstanbul strangers can pay at: its connectors on a ₺8.00/kWh tariff
 * ("Public AC", made once), the operator's hold ₺200.00.
 */
export async function payableChargePoint(t: TestApp, identity: string, password: string) {
  const cp = await registerChargePoint(t, identity, password);
  const [op] = await t.database.db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
  const [existing] = await t.database.db.select().from(tariffs).where(eq(tariffs.name, 'Public AC'));
  const [tariff] = existing
    ? [existing]
    : await t.database.db
        .insert(tariffs)
        .values({
          name: 'Public AC',
          operatorId: op!.id,
          type: 'AC',
          paymentType: 'Postpaid',
          pricePerKwh: 800,
        })
        .returning();
  await t.database.db
    .update(connectors)
    .set({ tariffId: tariff!.id, status: 'Available' })
    .where(eq(connectors.chargePointId, cp.id));
  await t.database.db.update(operators).set({ adhocHoldAmount: 20000 }).where(eq(operators.id, op!.id));
  return cp;
}

/**
 * A 1.6 test charger for the ad-hoc payment tests: it answers a remote start as `onStart` says
 * (start the transaction with the token it was given, accept only, or refuse), accepts remote
 * stops, and meters and stops the transactions it started on one running meter.
 */
export async function payCharger(url: string, identity: string, password: string) {
  const client: Client = await connectClient(url, identity, password, 'ocpp1.6');
  const state = {
    onStart: 'start' as 'start' | 'acceptOnly' | 'reject',
    meter: 100_000,
  };
  /** What the charger was asked: RemoteStartTransaction and RemoteStopTransaction payloads. */
  const starts: Params[] = [];
  const stops: Params[] = [];
  /** idTag → the transaction the central system gave the charger's StartTransaction. */
  const started = new Map<string, number>();
  client.handle('RemoteStartTransaction', ({ params }: { params?: Params }) => {
    starts.push(params ?? {});
    if (state.onStart === 'reject') return Promise.resolve({ status: 'Rejected' });
    if (state.onStart === 'start') {
      setTimeout(() => {
        void client
          .call('StartTransaction', {
            connectorId: params?.connectorId,
            idTag: params?.idTag,
            meterStart: state.meter,
            timestamp: new Date().toISOString(),
          })
          .then((r) => started.set(String(params?.idTag), (r as { transactionId: number }).transactionId))
          // A start still on its way when the test ends meets a closed socket.
          .catch(() => undefined);
      }, 20);
    }
    return Promise.resolve({ status: 'Accepted' });
  });
  client.handle('RemoteStopTransaction', ({ params }: { params?: Params }) => {
    stops.push(params ?? {});
    return Promise.resolve({ status: 'Accepted' });
  });
  await client.call('BootNotification', boot);
  await client.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
  return {
    client,
    state,
    starts,
    stops,
    started,
    /** A meter reading of the token's transaction, `wh` past the running meter (which stays). */
    meterValues: (token: string, wh: number) =>
      client.call('MeterValues', {
        connectorId: 1,
        transactionId: started.get(token),
        meterValue: [
          {
            timestamp: new Date().toISOString(),
            sampledValue: [
              { value: String(state.meter + wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            ],
          },
        ],
      }),
    /** The charger ends the transaction it started with this token, `wh` later on its meter. */
    async stop(token: string, wh: number) {
      state.meter += wh;
      await client.call('StopTransaction', {
        transactionId: started.get(token)!,
        meterStop: state.meter,
        timestamp: new Date().toISOString(),
        idTag: token,
        reason: 'Remote',
      });
    },
    close: () => client.close({ force: true }),
  };
}
export type PayCharger = Awaited<ReturnType<typeof payCharger>>;
