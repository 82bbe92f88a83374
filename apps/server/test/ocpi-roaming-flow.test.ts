import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@voltline/contract';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import { eq } from 'drizzle-orm';
import { connectors, roamingSessions } from '../src/db/schema/index.js';
import { emspToken, type OcpiEmsp } from './ocpi-emsp.js';
import {
  placeChargePoint,
  registeredEmsp,
  roamingTariff,
  startRoamingServer,
  type RoamingServer,
} from './roaming-world.js';

// Issue #31 end to end: a partner's driver charges on Voltline's simulated chargers (OCPP 1.6 and
// 2.0.1) by the partner's START_SESSION, the partner follows the session as Voltline pushes it,
// stops it by STOP_SESSION, and receives a CDR whose cost is the session's bill; a card the partner
// refuses in real time is refused at the charger. The eMSP is the project's own (test/ocpi-emsp),
// written from the OCPI 2.2.1 text.

const PW = 'roaming-flow-pass';
let s: RoamingServer;
let emsp: OcpiEmsp;
let tariffId: number;
const chargers: (SimCharger | SimCharger201)[] = [];

beforeAll(async () => {
  s = await startRoamingServer();
  const operatorId = s.operatorId('Voltline İstanbul');
  tariffId = await roamingTariff(s.t, operatorId, 'Roaming flow tariff');
  ({ emsp } = await registeredEmsp(s, operatorId, { partyId: 'FLW', name: 'Flow eMSP' }));
});
afterAll(async () => {
  await Promise.all(chargers.map((c) => c.close().catch(() => undefined)));
  await emsp?.close();
  await Promise.allSettled([...s.t.app.services.roamingCommands.pending]);
  await s?.t.close();
});

/** A charger of İstanbul's on the map, its connector on the flow tariff, connected; its EVSE uid. */
async function placeCharger(id: string, version: '1.6' | '2.0.1') {
  const cp = await placeChargePoint(s.t, id, PW);
  await s.t.database.db.update(connectors).set({ tariffId }).where(eq(connectors.chargePointId, cp.id));
  const options = { url: `${s.ocppUrl}`, id, password: PW, connectors: 1, speed: 60 };
  const charger = version === '1.6' ? await startCharger(options) : await startCharger201(options);
  chargers.push(charger);
  return { cpId: cp.id, evseUid: cp.evses[0]!, charger };
}

const until = async <T>(what: string, get: () => Promise<T | undefined | null | false>, ms = 20_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const portalSession = async (id: number) =>
  (await s.t.call<{ data: Session }>('GET', `/api/portal/Transaction/${id}`, { token: s.admin })).body.data;

/** The pushes a pass sends (the leader job's, run here by hand). */
const push = () => s.t.app.services.roamingPusher.run();
const pushedSession = (id: number) => emsp.sessions.get(`TR/VLT/${id}`);

describe.each(['1.6', '2.0.1'] as const)('a partner’s driver on an OCPP %s charger', (version) => {
  it('starts by START_SESSION, is followed by Session pushes, stops by STOP_SESSION and gets a CDR equal to the bill', async () => {
    const id = `RFLOW-${version.replace(/\./g, '')}`;
    const { cpId, evseUid, charger } = await placeCharger(id, version);
    // The driver plugs in, then starts from the partner's app.
    charger.plugIn(1);
    const uid = `FLOW${version.replace(/\./g, '')}UID`;
    const token = emspToken(emsp, uid);

    const start = await emsp.startSession({ token, locationId: String(cpId), evseUid, connectorId: '1' });
    expect(start.answer.envelope.status_code).toBe(1000);
    expect(start.answer.envelope.data).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(start.id, 15_000)).toMatchObject({ result: 'ACCEPTED' });

    // The charger started the transaction with the partner's token; Voltline accepted and linked it.
    const link = await until('the roaming session', async () => {
      const rows = await s.t.database.db
        .select()
        .from(roamingSessions)
        .where(eq(roamingSessions.tokenUid, uid));
      return rows[0];
    });
    const sessionId = link.sessionId;
    expect(link).toMatchObject({
      tokenCountryCode: 'NL',
      tokenPartyId: 'FLW',
      contractId: token.contract_id,
    });
    // The eMSP authorized the token by its command: the charger's Authorize did not ask it again.
    expect(emsp.calls.filter((c) => c.url.includes(`/${uid}/authorize`))).toEqual([]);
    const running = await portalSession(sessionId);
    expect(running).toMatchObject({ state: 'active', idTag: uid });
    expect(running.roaming).toMatchObject({ partnerName: 'Flow eMSP', tokenUid: uid });

    // The partner sees it running.
    await until('the Session pushed ACTIVE', async () => {
      await push();
      return pushedSession(sessionId)?.status === 'ACTIVE';
    });
    expect(pushedSession(sessionId)).toMatchObject({
      location_id: String(cpId),
      evse_uid: evseUid,
      currency: 'TRY',
    });

    // Energy flows for a while (the simulated charger runs 60 times faster than the clock).
    await until('some energy', async () => ((await portalSession(sessionId)).energyWh ?? 0) > 0, 30_000);

    const stop = await emsp.stopSession(String(sessionId));
    expect(stop.answer.envelope.data).toMatchObject({ result: 'ACCEPTED' });
    expect(await emsp.waitForCommandResult(stop.id, 15_000)).toMatchObject({ result: 'ACCEPTED' });
    const billed = await until('the bill', async () => {
      const done = await portalSession(sessionId);
      return done.state === 'completed' && done.cost !== null ? done : undefined;
    });

    const cdr = await until('the CDR', async () => {
      await push();
      return [...emsp.cdrs.values()].find((c) => c.session_id === String(sessionId));
    });
    expect(pushedSession(sessionId)?.status).toBe('COMPLETED');
    expect(cdr).toMatchObject({ currency: 'TRY', cdr_token: { uid, contract_id: token.contract_id } });
    const total = cdr.total_cost as { incl_vat: number; excl_vat: number };
    expect(Math.round(total.incl_vat * 100)).toBe(billed.cost);
    expect(cdr.total_energy).toBeCloseTo((billed.energyWh ?? 0) / 1000, 3);
    expect(emsp.problems).toEqual([]);
  });
});

describe('a partner’s card the partner refuses in real time', () => {
  it('is refused at the charger, and the refusal is what the driver sees', async () => {
    const { charger } = await placeCharger('RFLOW-REFUSED', '1.6');
    const uid = 'FLOWBLOCKED1';
    const token = emspToken(emsp, uid, { whitelist: 'NEVER' });
    emsp.tokens.push(token);
    expect((await emsp.pushToken(token)).envelope.status_code).toBe(1000);
    emsp.setAuthorization(uid, { allowed: 'BLOCKED', info: 'Card reported stolen' });
    const answer = await (charger as SimCharger).swipe(uid, 1);
    expect(answer.status).toBe('Blocked');
    expect(emsp.problems).toEqual([]);
  });
});
