import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  commandRecords,
  roamingAuthorizations,
  roamingSessions,
  roamingTokens,
} from '../src/db/schema/index.js';
import type { TestApp } from './helper.js';
import { boot, boot201, connectClient, type Client } from './ocpp-helper.js';
import { emspToken, type OcpiEmsp } from './ocpi-emsp.js';
import { placeChargePoint, registeredEmsp, startRoamingServer } from './roaming-world.js';

// Issue #31, Commands (OCPI 2.2.1 chapter 13, Voltline as receiver): the test eMSP sends commands,
// real 1.6 and 2.0.1 test chargers receive what the gateway makes of them, and the eMSP gets the
// CommandResult at its response_url.

let t: TestApp;
let emsp: OcpiEmsp;
let operatorId: number;
let partnerId: number;
const PW = 'roaming-cmd-pass';
const clients: Client[] = [];
/** What each charger was asked, by action. */
const received: { charger: string; action: string; params: Record<string, unknown> }[] = [];
/** The 1.6 charger's answer to RemoteStartTransaction (a test flips it). */
let startAnswer = 'Accepted';
const cps: Record<string, { id: number; evses: string[] }> = {};

async function place(name: string, operator?: string) {
  cps[name] = await placeChargePoint(t, name, PW, operator);
}

function record(client: Client, charger: string, action: string, answer: () => Record<string, unknown>) {
  client.handle(action, ({ params }: { params?: Record<string, unknown> }) => {
    received.push({ charger, action, params: params ?? {} });
    return Promise.resolve(answer());
  });
}

beforeAll(async () => {
  const server = await startRoamingServer();
  t = server.t;
  operatorId = server.operatorId('Voltline İstanbul');
  await place('CMD-16');
  await place('CMD-201');
  await place('CMD-ANK', 'Voltline Ankara');

  const url = server.ocppUrl;
  const c16 = await connectClient(url, 'CMD-16', PW);
  clients.push(c16);
  record(c16, 'CMD-16', 'RemoteStartTransaction', () => ({ status: startAnswer }));
  record(c16, 'CMD-16', 'ReserveNow', () => ({ status: 'Accepted' }));
  record(c16, 'CMD-16', 'CancelReservation', () => ({ status: 'Accepted' }));
  record(c16, 'CMD-16', 'UnlockConnector', () => ({ status: 'Unlocked' }));
  record(c16, 'CMD-16', 'RemoteStopTransaction', () => ({ status: 'Accepted' }));
  await c16.call('BootNotification', boot);
  const c201 = await connectClient(url, 'CMD-201', PW, 'ocpp2.0.1');
  clients.push(c201);
  record(c201, 'CMD-201', 'RequestStartTransaction', () => ({ status: 'Accepted' }));
  await c201.call('BootNotification', boot201);
  const ank = await connectClient(url, 'CMD-ANK', PW);
  clients.push(ank);
  await ank.call('BootNotification', boot);

  ({ emsp, partnerId } = await registeredEmsp(server, operatorId, { partyId: 'CMD', name: 'Commands eMSP' }));
});
afterAll(async () => {
  await emsp?.close();
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await Promise.allSettled([...t.app.services.roamingCommands.pending]);
  await t.close();
});

const responseOf = (answer: { answer: { envelope: { data?: unknown } } }) =>
  answer.answer.envelope.data as { result: string; timeout: number; message?: { text: string }[] };

describe('OCPI 2.2.1 commands, Voltline as receiver', () => {
  it('lists the commands receiver in its version details', () => {
    expect(emsp.endpointOf('commands', 'RECEIVER')).toMatch(/\/ocpi\/2\.2\.1\/commands$/);
  });

  it('START_SESSION on a 1.6 charger: ACCEPTED, RemoteStartTransaction with the token uid, result ACCEPTED', async () => {
    const token = emspToken(emsp, 'CMDUID16');
    const sent = await emsp.startSession({
      token,
      locationId: String(cps['CMD-16']!.id),
      evseUid: cps['CMD-16']!.evses[1]!,
      connectorId: '1',
      authorizationReference: 'AUTH-REF-16',
    });
    expect(responseOf(sent)).toMatchObject({ result: 'ACCEPTED' });
    expect(responseOf(sent).timeout).toBeGreaterThan(0);
    expect(await emsp.waitForCommandResult(sent.id)).toMatchObject({ result: 'ACCEPTED' });
    expect(received).toContainEqual({
      charger: 'CMD-16',
      action: 'RemoteStartTransaction',
      params: { idTag: 'CMDUID16', connectorId: 2 },
    });
    const db = t.database.db;
    const [auth] = await db
      .select()
      .from(roamingAuthorizations)
      .where(eq(roamingAuthorizations.authorizationReference, 'AUTH-REF-16'));
    expect(auth).toMatchObject({
      partnerId,
      source: 'command',
      allowed: 'ALLOWED',
      verdict: 'Accepted',
      tokenUid: 'CMDUID16',
      tokenType: 'RFID',
      chargePointId: cps['CMD-16']!.id,
      evseUid: cps['CMD-16']!.evses[1],
    });
    const [stored] = await db.select().from(roamingTokens).where(eq(roamingTokens.uid, 'CMDUID16'));
    expect(stored).toMatchObject({ partnerId, id: auth!.tokenId });
    // Recorded like every command, with the partner as its origin.
    const records = await db
      .select()
      .from(commandRecords)
      .where(
        and(
          eq(commandRecords.chargePointId, cps['CMD-16']!.id),
          eq(commandRecords.action, 'RemoteStartTransaction'),
        ),
      );
    expect(records.at(-1)).toMatchObject({
      outcome: 'answered',
      status: 'Accepted',
      request: { idTag: 'CMDUID16', ocpi: { partner: `${emsp.countryCode}*${emsp.partyId}` } },
    });
    expect(emsp.problems).toEqual([]);
  });

  it('START_SESSION on a 2.0.1 charger: RequestStartTransaction with the token uid, result ACCEPTED', async () => {
    const sent = await emsp.startSession({
      token: emspToken(emsp, 'CMDUID201'),
      locationId: String(cps['CMD-201']!.id),
      evseUid: cps['CMD-201']!.evses[0]!,
    });
    expect(responseOf(sent)).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(sent.id)).toMatchObject({ result: 'ACCEPTED' });
    const start = received.find((r) => r.charger === 'CMD-201' && r.action === 'RequestStartTransaction');
    expect(start?.params).toMatchObject({ idToken: { idToken: 'CMDUID201' } });
  });

  it('a charger that rejects the remote start: CommandResult REJECTED, in words', async () => {
    startAnswer = 'Rejected';
    try {
      const sent = await emsp.startSession({
        token: emspToken(emsp, 'CMDUIDREJ'),
        locationId: String(cps['CMD-16']!.id),
      });
      expect(responseOf(sent)).toMatchObject({ result: 'ACCEPTED' });
      const result = await emsp.waitForCommandResult(sent.id);
      expect(result).toMatchObject({ result: 'REJECTED' });
      expect(JSON.stringify(result.message)).toContain('Rejected');
      // No EVSE named: the charger chooses the connector.
      expect(received).toContainEqual({
        charger: 'CMD-16',
        action: 'RemoteStartTransaction',
        params: { idTag: 'CMDUIDREJ' },
      });
    } finally {
      startAnswer = 'Accepted';
    }
  });

  it('a location not published to the partner, or unknown, or an unknown EVSE: REJECTED at once', async () => {
    for (const p of [
      { locationId: String(cps['CMD-ANK']!.id) },
      { locationId: '999999' },
      { locationId: String(cps['CMD-16']!.id), evseUid: '999999' },
    ]) {
      const sent = await emsp.startSession({ token: emspToken(emsp, 'CMDUIDX'), ...p });
      expect(responseOf(sent)).toMatchObject({ result: 'REJECTED' });
      expect(responseOf(sent).message?.[0]?.text).toBeTruthy();
    }
    expect(received.some((r) => r.params.idTag === 'CMDUIDX')).toBe(false);
  });

  it('a body without response_url is refused as invalid parameters', async () => {
    const answer = await emsp.send('POST', `${emsp.endpointOf('commands', 'RECEIVER')}/STOP_SESSION`, {
      session_id: '1',
    });
    expect(answer.envelope.status_code).toBe(2001);
    expect(answer.status).toBe(200);
  });

  it('STOP_SESSION of a session that is not this partner’s: UNKNOWN_SESSION', async () => {
    for (const id of ['123456', 'not-a-number']) {
      const sent = await emsp.stopSession(id);
      expect(responseOf(sent)).toMatchObject({ result: 'UNKNOWN_SESSION' });
    }
  });

  it('STOP_SESSION of the partner’s session: RemoteStopTransaction of its transaction, result ACCEPTED', async () => {
    const c16 = clients[0]!;
    const { transactionId } = (await c16.call('StartTransaction', {
      connectorId: 2,
      idTag: 'CMDUID16',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    })) as { transactionId: number };
    // The roaming start logic links such a session to the partner; here the link is made by hand.
    await t.database.db
      .insert(roamingSessions)
      .values({
        sessionId: transactionId,
        partnerId,
        tokenUid: 'CMDUID16',
        tokenType: 'RFID',
        contractId: 'C1',
        tokenCountryCode: emsp.countryCode,
        tokenPartyId: emsp.partyId,
      })
      .onConflictDoNothing();
    const sent = await emsp.stopSession(String(transactionId));
    expect(responseOf(sent)).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(sent.id)).toMatchObject({ result: 'ACCEPTED' });
    expect(received).toContainEqual({
      charger: 'CMD-16',
      action: 'RemoteStopTransaction',
      params: { transactionId },
    });
  });

  it('UNLOCK_CONNECTOR: UnlockConnector at the EVSE’s connector, result ACCEPTED', async () => {
    const sent = await emsp.unlockConnector({
      locationId: String(cps['CMD-16']!.id),
      evseUid: cps['CMD-16']!.evses[0]!,
      connectorId: '1',
    });
    expect(responseOf(sent)).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(sent.id)).toMatchObject({ result: 'ACCEPTED' });
    expect(received).toContainEqual({
      charger: 'CMD-16',
      action: 'UnlockConnector',
      params: { connectorId: 1 },
    });
  });

  it('RESERVE_NOW then CANCEL_RESERVATION: the charger gets one integer id for the partner’s string id', async () => {
    const expiry = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const reserved = await emsp.reserveNow({
      token: emspToken(emsp, 'CMDUIDRES'),
      expiryDate: expiry,
      reservationId: 'RES-ABC-1',
      locationId: String(cps['CMD-16']!.id),
      evseUid: cps['CMD-16']!.evses[0]!,
    });
    expect(responseOf(reserved)).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(reserved.id)).toMatchObject({ result: 'ACCEPTED' });
    const reserve = received.find((r) => r.action === 'ReserveNow')!;
    expect(reserve.params).toMatchObject({ connectorId: 1, idTag: 'CMDUIDRES' });
    expect(Number.isInteger(reserve.params.reservationId)).toBe(true);

    const cancelled = await emsp.cancelReservation('RES-ABC-1');
    expect(responseOf(cancelled)).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(cancelled.id)).toMatchObject({ result: 'ACCEPTED' });
    expect(received.find((r) => r.action === 'CancelReservation')?.params).toEqual({
      reservationId: reserve.params.reservationId,
    });

    const again = await emsp.cancelReservation('RES-ABC-1');
    expect(await emsp.waitForCommandResult(again.id)).toMatchObject({ result: 'UNKNOWN_RESERVATION' });
    expect(emsp.problems).toEqual([]);
  });
});
