import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import { chargePoints, deviceVariables, localLists, ocppMessages, rfidCards } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// D01/D02 SendLocalList in parts by the charger's own limits, for OCPP 1.6 (the configuration keys
// SendLocalListMaxLength and LocalAuthListMaxLength it reported) and OCPP 2.0.1 (its device model's
// LocalAuthListCtrlr). A Full list goes as a Full message and Differential ones after it, with one
// version; the first refusal stops it; a list the charger cannot hold is refused before sending.

let t: TestApp;
let url: string;
let admin: string;
let sim16: SimCharger;
let sim201: SimCharger201;
let bytes201: SimCharger201;
const PW = 'charger-secret-parts';
const EXTRA = Array.from({ length: 10 }, (_, i) => `PART${String(i + 1).padStart(4, '0')}`);
const LIMITS = { SendLocalListMaxLength: '5', LocalAuthListMaxLength: '20' };

type Answer = { data: Record<string, unknown>; message?: string; refused?: boolean; error?: string };
const send = (command: string, body: Record<string, unknown>, lang = 'en') =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, {
    token: admin,
    body,
    headers: { 'accept-language': lang },
  });

/** The SendLocalList CALLs Voltline sent the charger, oldest first, once the log holds `n` of them. */
async function sentLists(chargePointId: string, n: number) {
  const rows = await until(async () => {
    await t.app.services.ocpp.messageLog.flush();
    const r = await t.database.db
      .select({ payload: ocppMessages.payload, id: ocppMessages.id })
      .from(ocppMessages)
      .where(
        and(
          eq(ocppMessages.chargePointId, chargePointId),
          eq(ocppMessages.direction, 'out'),
          eq(ocppMessages.messageType, 'CALL'),
          eq(ocppMessages.action, 'SendLocalList'),
        ),
      )
      .orderBy(ocppMessages.id);
    return r.length >= n && r;
  });
  return rows.map((r) => r.payload as Record<string, unknown> & { localAuthorizationList?: unknown[] });
}

/** Cards the İstanbul network's chargers take, beside the demo's two. */
async function addCards(numbers: string[]) {
  const [demo] = await t.database.db.select().from(rfidCards).where(eq(rfidCards.number, 'DEMO0001'));
  await t.database.db
    .insert(rfidCards)
    .values(numbers.map((number) => ({ driverId: demo!.driverId, number })));
}

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  url = await listen(t);
  for (const id of ['PARTS-16', 'PARTS-201', 'PARTS-BYTES']) await registerChargePoint(t, id, PW);
  await addCards(EXTRA);
  sim16 = await startCharger({ url, id: 'PARTS-16', password: PW, config: LIMITS });
  sim201 = await startCharger201({ url, id: 'PARTS-201', password: PW, config: LIMITS });
  bytes201 = await startCharger201({
    url,
    id: 'PARTS-BYTES',
    password: PW,
    config: { SendLocalListMaxLength: '100', LocalAuthListBytesPerMessage: '700' },
  });
  // Voltline reads a 2.0.1 station's limits from the device model it reports after its boot.
  for (const id of ['PARTS-201', 'PARTS-BYTES']) {
    await until(async () => {
      const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
      const rows = await t.database.db
        .select()
        .from(deviceVariables)
        .where(
          and(
            eq(deviceVariables.chargePointId, cp!.id),
            inArray(deviceVariables.variableName, ['ItemsPerMessage', 'BytesPerMessage', 'Entries']),
            eq(deviceVariables.componentName, 'LocalAuthListCtrlr'),
          ),
        );
      return rows.length === 3;
    });
  }
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await Promise.all([sim16.close(), sim201.close(), bytes201.close()]);
  await t.close();
});

describe('OCPP 1.6', () => {
  it('D01 a charger whose limits Voltline does not know refuses the whole list it cannot take', async () => {
    const r = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Full' });
    // Twelve cards in one message, five allowed: Failed, said as a refusal.
    expect(r.body.data).toMatchObject({ status: 'Failed', entries: 12 });
    expect(r.body.refused).toBe(true);
    expect(sim16.localAuth.listSize).toBe(0);
  });

  it('D01 sends a Full list in parts of SendLocalListMaxLength once the charger reported it', async () => {
    const config = await send('getConfiguration', { chargePointId: 'PARTS-16' });
    expect(config.status).toBe(200);
    await t.app.services.ocpp.messageLog.flush();
    const r = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Full' });
    // The refused list changed nothing: this one has the same version.
    expect(r.body.data).toMatchObject({ status: 'Accepted', listVersion: 1, entries: 12, messages: 3 });
    expect(r.body.message).toBe('The charge point accepted the local list, sent in 3 messages.');
    const parts = (await sentLists('PARTS-16', 4)).slice(1);
    expect(parts.map((p) => [p.updateType, p.listVersion, p.localAuthorizationList?.length])).toEqual([
      ['Full', 1, 5],
      ['Differential', 1, 5],
      ['Differential', 1, 2],
    ]);
    expect(sim16.localAuth.listSize).toBe(12);
    expect(sim16.localAuth.inList('PART0010')).toBe(true);
  });

  it('D02 a Differential takes one message when the change is small', async () => {
    await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'PART0003'));
    const r = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Differential' });
    expect(r.body.data).toEqual({ status: 'Accepted', listVersion: 2, entries: 1 });
    expect(sim16.localAuth.lookup('PART0003', { list: true, cache: false })?.status).toBe('Blocked');
  });

  it('D01 refuses a list longer than LocalAuthListMaxLength before sending, in English and Turkish', async () => {
    const more = Array.from({ length: 9 }, (_, i) => `MORE${String(i + 1).padStart(4, '0')}`);
    await addCards(more);
    const before = (await sentLists('PARTS-16', 5)).length;
    const en = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Full' });
    expect(en.status).toBe(409);
    expect(en.body.error).toBe(
      'Charge point PARTS-16 holds at most 20 cards in its local list, and 21 may charge there; nothing was sent.',
    );
    const tr = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Full' }, 'tr');
    expect(tr.body.error).toBe(
      'PARTS-16 şarj istasyonunun yerel listesi en fazla 20 kart alır; orada şarj edebilecek kart sayısı 21. Hiçbir şey gönderilmedi.',
    );
    await t.app.services.ocpp.messageLog.flush();
    expect(await sentLists('PARTS-16', before)).toHaveLength(before);
    await t.database.db.delete(rfidCards).where(inArray(rfidCards.number, more));
  });

  it('D01 stops at the first refused part, says which, and sends the next list in full', async () => {
    // The charger now holds fewer than it reported: the second part would overflow it.
    sim16.config.set('LocalAuthListMaxLength', '7');
    const r = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Full' });
    expect(r.body.data).toMatchObject({ status: 'Failed', listVersion: 3, messages: 3, refusedPart: 2 });
    expect(r.body.refused).toBe(true);
    expect(r.body.message).toBe(
      'The charge point refused message 2 of 3 of the local list: Failed. The messages after it were not sent; the charge point holds part of the list, so send it again in full.',
    );
    // The first part was applied: version 3 with five cards; the third part was never sent.
    expect(sim16.localAuth.listSize).toBe(5);
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'PARTS-16'));
    const [rec] = await t.database.db.select().from(localLists).where(eq(localLists.chargePointId, cp!.id));
    expect(rec).toMatchObject({ version: 2, reportedVersion: 3 });
    sim16.config.set('LocalAuthListMaxLength', '20');
    const again = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Differential' });
    expect(again.body.data).toMatchObject({
      status: 'Accepted',
      listVersion: 4,
      updateType: 'Full',
      fullInstead: 'versionMismatch',
      messages: 3,
    });
    expect(sim16.localAuth.listSize).toBe(12);
  });

  it('D01 a first part refused leaves the list and the record as they were, and says so', async () => {
    // The charger now takes fewer per message than it reported.
    sim16.config.set('SendLocalListMaxLength', '4');
    const r = await send('sendLocalList', { chargePointId: 'PARTS-16', updateType: 'Full' }, 'tr');
    expect(r.body.data).toMatchObject({ status: 'Failed', listVersion: 5, messages: 3, refusedPart: 1 });
    expect(r.body.message).toBe(
      'Şarj istasyonu yerel listenin 3 mesajından ilkini reddetti: Failed. Sonrası gönderilmedi; istasyonun listesi olduğu gibi kaldı.',
    );
    expect(sim16.localAuth.listSize).toBe(12);
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'PARTS-16'));
    const [rec] = await t.database.db.select().from(localLists).where(eq(localLists.chargePointId, cp!.id));
    expect(rec).toMatchObject({ version: 4, reportedVersion: 4 });
    sim16.config.set('SendLocalListMaxLength', '5');
  });
});

describe('OCPP 2.0.1', () => {
  it('D01 sends a Full list in parts of the device model’s ItemsPerMessage, one version', async () => {
    const r = await send('sendLocalList', { chargePointId: 'PARTS-201', updateType: 'Full' });
    expect(r.body.data).toMatchObject({ status: 'Accepted', listVersion: 1, entries: 12, messages: 3 });
    const parts = await sentLists('PARTS-201', 3);
    expect(parts.map((p) => [p.updateType, p.versionNumber, p.localAuthorizationList?.length])).toEqual([
      ['Full', 1, 5],
      ['Differential', 1, 5],
      ['Differential', 1, 2],
    ]);
    expect(sim201.localList.size).toBe(12);
    expect(sim201.localListVersion).toBe(1);
  });

  it('D02 a Differential with the blocked card goes in one message', async () => {
    await t.database.db.update(rfidCards).set({ status: 'active' }).where(eq(rfidCards.number, 'PART0003'));
    await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'PART0004'));
    const r = await send('sendLocalList', { chargePointId: 'PARTS-201', updateType: 'Differential' });
    expect(r.body.data).toEqual({ status: 'Accepted', listVersion: 2, entries: 2 });
    expect(sim201.localList.get('PART0004')?.status).toBe('Blocked');
    expect(sim201.localList.get('PART0003')?.status).toBe('Accepted');
  });

  it('D01 keeps each message within the station’s BytesPerMessage', async () => {
    const r = await send('sendLocalList', { chargePointId: 'PARTS-BYTES', updateType: 'Full' });
    expect(r.body.data).toMatchObject({ status: 'Accepted', entries: 12 });
    const n = r.body.data.messages as number;
    expect(n).toBeGreaterThan(1);
    const parts = await sentLists('PARTS-BYTES', n);
    for (const p of parts) expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(700);
    expect(parts.reduce((sum, p) => sum + (p.localAuthorizationList?.length ?? 0), 0)).toBe(12);
    expect(bytes201.localList.size).toBe(12);
  });

  it('D01 refuses a list longer than the station holds (Entries’ maxLimit) before sending', async () => {
    const more = Array.from({ length: 9 }, (_, i) => `OVER${String(i + 1).padStart(4, '0')}`);
    await addCards(more);
    const r = await send('sendLocalList', { chargePointId: 'PARTS-201', updateType: 'Full' }, 'tr');
    expect(r.status).toBe(409);
    expect(r.body.error).toContain('en fazla 20 kart');
    await t.database.db.delete(rfidCards).where(inArray(rfidCards.number, more));
    expect(await sentLists('PARTS-201', 4)).toHaveLength(4);
  });

  it('D01 a station that takes fewer per message than it reported answers a CALLERROR, said in words', async () => {
    sim201.model.set('LocalAuthListCtrlr', 'ItemsPerMessage', '3');
    const r = await send('sendLocalList', { chargePointId: 'PARTS-201', updateType: 'Full' });
    expect(r.status).toBe(409);
    expect(r.body.error).toContain('could not carry out SendLocalList: OccurrenceConstraintViolation');
    // Nothing was applied: the station keeps version 2 and its list.
    expect(sim201.localListVersion).toBe(2);
    expect(sim201.localList.size).toBe(12);
  });
});
