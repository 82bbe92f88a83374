import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoamingIdentity, Session } from '@voltline/contract';
import { eq } from 'drizzle-orm';
import {
  chargePoints,
  chargingSessions,
  connectors,
  drivers,
  meterValues,
  rfidCards,
  roamingPartners,
  roamingSessions,
} from '../src/db/schema/index.js';
import { sessionBilled } from '../src/modules/events/session-events.js';
import { signedData } from '../src/modules/roaming/push/sessions.repository.js';
import { samplesOf } from '../src/ocpp/v201/transactions.js';
import { receiptFigures } from '../src/modules/receipts/figures.js';
import type { TestApp } from './helper.js';
import { boot, connectClient, registerChargePoint, until, type Client } from './ocpp-helper.js';
import type { OcpiEmsp } from './ocpi-emsp.js';
import { registeredEmsp, roamingTariff, startRoamingServer } from './roaming-world.js';

// Issue #31: Voltline pushes a partner's driver's session (OCPI Sessions) and its CDR (OCPI CDRs)
// to the test eMSP, from a real charge on a charger, and serves both for the eMSP's pull.

const PW = 'roaming-cdr-pass';
let t: TestApp;
let admin: string;
let identity: RoamingIdentity;
let operatorId: number;
let emsp: OcpiEmsp;
let partnerId: number;
let charger: Client;
let card: string;
let cpId: number;

beforeAll(async () => {
  const server = await startRoamingServer();
  ({ t, admin } = server);
  identity = (
    await t.call<{ data: RoamingIdentity }>('GET', '/api/portal/Roaming/identity', { token: admin })
  ).body.data;
  operatorId = server.operatorId('Voltline İstanbul');
  // Ankara's drivers pay afterwards (İstanbul's keep a minimum balance), at any charger of the network.
  const ankara = server.operatorId('Voltline Ankara');
  const db = t.database.db;
  const tariffId = await roamingTariff(t, operatorId, 'CDR probe tariff');
  const cp = await registerChargePoint(t, 'CDR-1', PW);
  cpId = cp.id;
  await db
    .update(chargePoints)
    .set({
      latitude: 41.02,
      longitude: 28.97,
      city: 'İstanbul',
      countryCode: 'TR',
      addressLine1: 'CDR Probe 1',
    })
    .where(eq(chargePoints.id, cp.id));
  await db
    .update(connectors)
    .set({ tariffId: tariffId, connectorType: 'Type 2', maximumPower: null })
    .where(eq(connectors.chargePointId, cp.id));
  // The roaming driver's token, accepted by the charger as a card (the Tokens module's link
  // between a token and a session is not what this file tests).
  const [driver] = await db
    .insert(drivers)
    .values({ name: 'Roaming', surname: 'Driver', operatorId: ankara })
    .returning();
  card = 'CDRTOKEN1';
  await db
    .insert(rfidCards)
    .values({ driverId: driver!.id, number: card, expiresAt: new Date(Date.now() + 365 * 86_400_000) })
    .onConflictDoNothing();

  ({ emsp, partnerId } = await registeredEmsp(server, operatorId, { partyId: 'CDR', name: 'CDR eMSP' }));
  charger = await connectClient(server.ocppUrl, 'CDR-1', PW);
  await charger.call('BootNotification', boot);
  await charger.call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' });
});
afterAll(async () => {
  await charger?.close({ force: true }).catch(() => undefined);
  await emsp?.close();
  await t.close();
});

const run = () => t.app.services.roamingPusher.run();
const key = (id: string) => `${identity.countryCode}/${identity.partyId}/${id}`;
const HOUR = 3_600_000;

/** A charge of the partner's driver: started, metered, stopped; its session id. */
async function roamingCharge(minutesAgo: number): Promise<number> {
  const at = (m: number) => new Date(Date.now() - (minutesAgo - m) * 60_000).toISOString();
  const started = (await charger.call('StartTransaction', {
    connectorId: 1,
    idTag: card,
    meterStart: 1_000,
    timestamp: at(0),
  })) as { transactionId: number; idTagInfo: { status: string } };
  expect(started.idTagInfo.status).toBe('Accepted');
  const id = started.transactionId;
  await t.database.db.insert(roamingSessions).values({
    sessionId: id,
    partnerId,
    tokenUid: card,
    tokenType: 'RFID',
    contractId: 'NL-CDR-C00001-X',
    tokenCountryCode: 'NL',
    tokenPartyId: 'CDR',
    authorizationReference: `AUTH-${id}`,
  });
  await charger.call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' });
  await charger.call('MeterValues', {
    connectorId: 1,
    transactionId: id,
    meterValue: [{ timestamp: at(10), sampledValue: [{ value: '3500' }] }],
  });
  return id;
}

const stop = (id: number, minutesAgo: number, meterStop: number) =>
  charger.call('StopTransaction', {
    transactionId: id,
    meterStop,
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    reason: 'Local',
  });

const portalSession = async (id: number) =>
  (await t.call<{ data: Session }>('GET', `/api/portal/Transaction/${id}`, { token: admin })).body.data;

type Cdr = {
  id: string;
  session_id: string;
  credit?: boolean;
  credit_reference_id?: string;
  total_cost: { excl_vat: number; incl_vat: number };
  cdr_token: { uid: string };
  cdr_location: { id: string };
  signed_data?: Record<string, unknown>;
};
const cdrsOf = (id: number) => [...emsp.cdrs.values()].filter((c) => c.session_id === String(id)) as Cdr[];

describe('OCPI Sessions and CDRs pushed to the test eMSP', () => {
  let first: number;

  it('the eMSP has the session ACTIVE while it runs, then COMPLETED, and one CDR equal to the bill', async () => {
    first = await roamingCharge(90);
    await until(async () => {
      await run();
      return (emsp.sessions.get(key(String(first))) as { status?: string } | undefined)?.status === 'ACTIVE'
        ? true
        : undefined;
    });
    const active = emsp.sessions.get(key(String(first)))!;
    expect(active).toMatchObject({
      id: String(first),
      location_id: String(cpId),
      connector_id: '1',
      cdr_token: { uid: card, contract_id: 'NL-CDR-C00001-X' },
      authorization_reference: `AUTH-${first}`,
      currency: 'TRY',
    });

    await stop(first, 30, 6_000);
    await until(async () => {
      await run();
      return cdrsOf(first).length > 0 ? true : undefined;
    });
    expect(emsp.sessions.get(key(String(first)))).toMatchObject({ status: 'COMPLETED', kwh: 5 });
    const session = await portalSession(first);
    expect(session.cost).toBeGreaterThan(0);
    const usage = await t.app.services.sessions.usageOf(first);
    const receipt = receiptFigures(session, 2000, usage)!;
    const [cdr] = cdrsOf(first);
    expect(cdrsOf(first)).toHaveLength(1);
    expect(cdr!.id).toBe(`VLT-${first}-1`);
    expect(cdr!.total_cost.incl_vat).toBe(session.cost! / 100);
    expect(cdr!.total_cost.excl_vat).toBe(receipt.net / 100);
    expect(cdr!.cdr_location.id).toBe(String(cpId));
    expect(emsp.problems).toEqual([]);
  });

  it('a corrected bill sends a credit CDR of the first and a new CDR', async () => {
    const db = t.database.db;
    // Staff's correction billed the session again, at another amount.
    await db.transaction(async (tx) => {
      const [s] = await tx.select().from(chargingSessions).where(eq(chargingSessions.id, first));
      const cost = s!.cost! - 250;
      await tx.update(chargingSessions).set({ cost }).where(eq(chargingSessions.id, first));
      await sessionBilled(tx, { ...s!, cost }, { cost, currency: 'TRY' });
    });
    await until(async () => {
      await run();
      return cdrsOf(first).length === 3 ? true : undefined;
    });
    const all = cdrsOf(first);
    const credit = all.find((c) => c.credit)!;
    const old = all.find((c) => c.id === `VLT-${first}-1`)!;
    const fresh = all.find((c) => c.id === `VLT-${first}-2`)!;
    expect(credit.credit_reference_id).toBe(old.id);
    expect(credit.total_cost.incl_vat).toBe(-old.total_cost.incl_vat);
    const session = await portalSession(first);
    expect(fresh.total_cost.incl_vat).toBe(session.cost! / 100);
    // Nothing more is sent for the same bill.
    await run();
    expect(cdrsOf(first)).toHaveLength(3);
    expect(emsp.problems).toEqual([]);
  });

  it('keeps the session and CDR while the partner is down and sends them when it is back', async () => {
    const db = t.database.db;
    const [row] = await db.select().from(roamingPartners).where(eq(roamingPartners.id, partnerId));
    const down = row!.endpoints.map((e) => ({ ...e, url: e.url.replace(/:\d+\//, ':9/') }));
    await db.update(roamingPartners).set({ endpoints: down }).where(eq(roamingPartners.id, partnerId));
    const second = await roamingCharge(25);
    await stop(second, 5, 5_000);
    await until(async () => {
      await run();
      const [p] = await db.select().from(roamingPartners).where(eq(roamingPartners.id, partnerId));
      return p!.pushFailures > 0 ? p : undefined;
    });
    expect(emsp.sessions.has(key(String(second)))).toBe(false);
    await db
      .update(roamingPartners)
      .set({ endpoints: row!.endpoints, pushRetryAt: null })
      .where(eq(roamingPartners.id, partnerId));
    await until(async () => {
      await run();
      return cdrsOf(second).length > 0 ? true : undefined;
    });
    expect(emsp.sessions.get(key(String(second)))).toMatchObject({ status: 'COMPLETED' });
    expect(cdrsOf(second)).toHaveLength(1);
    expect(emsp.problems).toEqual([]);
  });

  it("states the meter's signed values in the CDR: 1.6 SignedData, and 2.0.1's signedMeterValue with its key", async () => {
    const ocmf = (wh: number) => `OCMF|{"RD":[{"RV":${wh / 1000},"RU":"kWh"}]}|{"SD":"30450221${wh}"}`;
    const id = await roamingCharge(30);
    const signed = (wh: number, context: string) => ({
      timestamp: new Date().toISOString(),
      sampledValue: [{ value: ocmf(wh), format: 'SignedData', context }],
    });
    await charger.call('MeterValues', {
      connectorId: 1,
      transactionId: id,
      meterValue: [signed(1_000, 'Transaction.Begin')],
    });
    await charger.call('StopTransaction', {
      transactionId: id,
      meterStop: 4_000,
      timestamp: new Date(Date.now() - 60_000).toISOString(),
      reason: 'Local',
      transactionData: [signed(4_000, 'Transaction.End')],
    });
    const cdr = await until(async () => {
      await run();
      return cdrsOf(id)[0];
    });
    expect(cdr.signed_data).toEqual({
      encoding_method: 'OCMF',
      signed_values: [
        { nature: 'Start', plain_data: '{"RD":[{"RV":1,"RU":"kWh"}]}', signed_data: ocmf(1_000) },
        { nature: 'End', plain_data: '{"RD":[{"RV":4,"RU":"kWh"}]}', signed_data: ocmf(4_000) },
      ],
    });
    // A 2.0.1 charger's signed value, as its TransactionEvent carries it, read back for a CDR.
    const [sample, signedOne] = samplesOf([
      {
        timestamp: new Date().toISOString(),
        sampledValue: [
          {
            value: 4_000,
            signedMeterValue: {
              signedMeterData: 'T0NNRnx7fQ==',
              signingMethod: 'ECDSA-secp256r1-SHA256',
              encodingMethod: 'OCMF',
              publicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
            },
          },
        ],
      },
    ]);
    expect(sample).toMatchObject({ format: 'Raw', numeric: 4_000 });
    expect(signedOne).toMatchObject({ format: 'SignedData', numeric: null });
    await t.database.db.delete(meterValues).where(eq(meterValues.sessionId, id));
    await t.database.db.insert(meterValues).values({
      chargePointId: cpId,
      connectorId: 1,
      sessionId: id,
      at: signedOne!.at,
      measurand: signedOne!.measurand,
      context: signedOne!.context,
      format: signedOne!.format,
      value: signedOne!.value,
    });
    expect(await signedData(t.database.db, id)).toEqual({
      encoding_method: 'OCMF',
      public_key: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
      signed_values: [{ nature: 'End', plain_data: '', signed_data: 'T0NNRnx7fQ==' }],
    });
    expect(emsp.problems).toEqual([]);
  });

  it('the eMSP pulls its sessions and CDRs page by page', async () => {
    const sessions = await emsp.pullAll<{ id: string; status: string }>('sessions', { limit: 1 });
    expect(sessions.items.map((s) => s.id).sort()).toEqual(
      [...emsp.sessions.values()].map((s) => String(s.id)).sort(),
    );
    expect(sessions.pages.length).toBeGreaterThanOrEqual(2);
    const cdrs = await emsp.pullAll<Cdr>('cdrs', { limit: 2 });
    expect(cdrs.items.map((c) => c.id).sort()).toEqual(
      [...emsp.cdrs.values()].map((c) => String(c.id)).sort(),
    );
    const future = await emsp.pullAll<Cdr>('cdrs', { dateFrom: new Date(Date.now() + HOUR).toISOString() });
    expect(future.items).toEqual([]);
    expect(emsp.problems).toEqual([]);
  });
});
