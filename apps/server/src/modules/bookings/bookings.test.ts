import { and, eq } from 'drizzle-orm';
import ocppRpc from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from '@voltline/simulator';
import type { Booking, NewBooking, Page } from '@voltline/contract';
import {
  auditLogs,
  bookings,
  chargePoints,
  chargingSessions,
  commandRecords,
  connectors,
  drivers,
  rfidCards,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

// Bookings against simulated chargers over real WebSockets: ReserveNow and its answers, the
// connector going Reserved, CancelReservation, the expiry rule, and a StartTransaction that uses
// the booking.

const PW = 'charger-secret-book1';
let t: TestApp;
let url: string;
let admin: string;
let callcenter: string;
let finance: string;
let support: string;
let istanbul: string;
const sims: SimCharger[] = [];
const clients: Client[] = [];
const cards: Record<string, number> = {};

type Answer<T> = {
  data: T;
  message?: string;
  refused?: boolean;
  error?: string;
  details?: { field: string }[];
};

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

async function charger(id: string, operator?: string) {
  await registerChargePoint(t, id, PW, operator);
  const sim = await startCharger({ url, id, password: PW, speed: 10 });
  sims.push(sim);
  await until(async () => {
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
    return cp?.connected && cp.status ? cp : null;
  });
  return sim;
}

const book = (body: NewBooking, token = callcenter, lang = 'en') =>
  t.call<Answer<Booking>>('POST', '/api/portal/booking', {
    token,
    body,
    headers: { 'accept-language': lang },
  });
const cancel = (id: number, token = callcenter) =>
  t.call<Answer<Booking>>('DELETE', `/api/portal/booking/${id}`, { token });
const get = async (id: number) =>
  (await t.call<Answer<Booking>>('GET', `/api/portal/booking/${id}`, { token: admin })).body.data;
const commandsOf = async (chargePointId: string) => {
  const [cp] = await t.database.db
    .select()
    .from(chargePoints)
    .where(eq(chargePoints.chargePointId, chargePointId));
  return t.database.db.select().from(commandRecords).where(eq(commandRecords.chargePointId, cp!.id));
};
const connectorStatus = async (chargePointId: string, connectorId: number) => {
  const [row] = await t.database.db
    .select({ status: connectors.status })
    .from(connectors)
    .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
    .where(and(eq(chargePoints.chargePointId, chargePointId), eq(connectors.connectorId, connectorId)));
  return row?.status;
};

/** A fresh card for a driver, so each test's card holds no booking of another. */
async function newCard(driver: string, number: string, extra: Partial<typeof rfidCards.$inferInsert> = {}) {
  const [d] = await t.database.db.select().from(drivers).where(eq(drivers.name, driver));
  // A retried test finds its card from the first attempt.
  const [had] = await t.database.db.select().from(rfidCards).where(eq(rfidCards.number, number));
  const [c] = had
    ? [had]
    : await t.database.db
        .insert(rfidCards)
        .values({ driverId: d!.id, number, name: number, ...extra })
        .returning();
  cards[number] = c!.id;
  return c!.id;
}

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '5' });
  url = await listen(t);
  [admin, callcenter, finance, support, istanbul] = (await Promise.all(
    ['admin', 'callcenter', 'finance', 'support', 'istanbul'].map((u) => t.login(`${u}@voltline.local`)),
  )) as [string, string, string, string, string];
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

describe('making a booking', () => {
  it('sends ReserveNow with the booking as reservationId; the charger accepts and the connector shows Reserved', async () => {
    const sim = await charger('BOOK-1');
    const card = await newCard('Zeynep', 'BOOKCARD01');
    const r = await book({
      name: '34 ABC 12',
      chargePointId: 'BOOK-1',
      connectorId: 1,
      rfidCardId: card,
      expiresAt: inMinutes(30),
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('The charge point accepted the booking.');
    expect(r.body.refused).toBeUndefined();
    expect(r.body.data).toMatchObject({
      name: '34 ABC 12',
      chargePointId: 'BOOK-1',
      connectorId: 1,
      idTag: 'BOOKCARD01',
      driverName: 'Zeynep Arslan',
      operatorName: 'Voltline İstanbul',
      state: 'active',
      answer: 'Accepted',
    });
    await until(async () => (await connectorStatus('BOOK-1', 1)) === 'Reserved');
    expect(sim.connectorStatuses[1]).toBe('Reserved');
    const [record] = await commandsOf('BOOK-1');
    expect(record).toMatchObject({ action: 'ReserveNow', outcome: 'answered', status: 'Accepted' });
    expect(record!.request).toMatchObject({
      connectorId: 1,
      idTag: 'BOOKCARD01',
      reservationId: r.body.data.id,
    });
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'booking'), eq(auditLogs.entityId, String(r.body.data.id))));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    // The list finds it by state and charge point.
    const list = await t.call<Answer<Page<Booking>>>(
      'GET',
      '/api/portal/booking?state=active&chargePointId=book-1',
      {
        token: support,
      },
    );
    expect(list.body.data.items.map((b) => b.id)).toEqual([r.body.data.id]);
  });

  it('keeps Occupied, Unavailable and Rejected answers as refused bookings that hold nothing', async () => {
    const sim = await charger('BOOK-2');
    sim.plugIn(1);
    const occupied = await book({
      chargePointId: 'BOOK-2',
      connectorId: 1,
      rfidCardId: await newCard('Zeynep', 'BOOKCARD02'),
      expiresAt: inMinutes(30),
    });
    expect(occupied.body.data).toMatchObject({ state: 'refused', answer: 'Occupied' });
    expect(occupied.body.message).toBe('The charge point refused the booking: Occupied.');
    // Flagged, so the portal shows it as a refusal and never with a success icon.
    expect(occupied.body.refused).toBe(true);

    const off = await t.call('POST', '/api/ocpp/RemoteTrigger/changeAvailability', {
      token: admin,
      body: { chargePointId: 'BOOK-2', connectorId: 2, type: 'Inoperative' },
    });
    expect(off.status).toBe(200);
    const unavailable = await book({
      chargePointId: 'BOOK-2',
      connectorId: 2,
      rfidCardId: await newCard('Zeynep', 'BOOKCARD03'),
      expiresAt: inMinutes(30),
    });
    expect(unavailable.body.data).toMatchObject({ state: 'refused', answer: 'Unavailable' });

    // The simulator does not take reservations of connector 0 (ReserveConnectorZeroSupported false).
    const rejected = await book({
      chargePointId: 'BOOK-2',
      connectorId: 0,
      rfidCardId: await newCard('Zeynep', 'BOOKCARD04'),
      expiresAt: inMinutes(30),
    });
    expect(rejected.body.data).toMatchObject({ state: 'refused', answer: 'Rejected' });
    // A refused booking holds nothing: its card may book again.
    sim.unplug(1);
    await until(() => Promise.resolve(sim.connectorStatuses[1] === 'Available'));
    const again = await book({
      chargePointId: 'BOOK-2',
      connectorId: 1,
      rfidCardId: cards.BOOKCARD02!,
      expiresAt: inMinutes(30),
    });
    expect(again.body.data.state).toBe('active');
  });
});

describe('bad input', () => {
  it('refuses an offline charger, a past or too distant expiry, an unknown connector, and sends nothing', async () => {
    await registerChargePoint(t, 'BOOK-OFF', PW);
    const card = await newCard('Zeynep', 'BOOKCARD05');
    const off = await book(
      { chargePointId: 'BOOK-OFF', connectorId: 1, rfidCardId: card, expiresAt: inMinutes(30) },
      callcenter,
      'tr',
    );
    expect(off.status).toBe(409);
    expect(off.body.error).toBe('BOOK-OFF şarj istasyonu bağlı değil, şu anda rezerve edilemez.');
    expect(await commandsOf('BOOK-OFF')).toEqual([]);

    await charger('BOOK-3');
    const past = await book({
      chargePointId: 'BOOK-3',
      connectorId: 1,
      rfidCardId: card,
      expiresAt: inMinutes(-1),
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('The expiry is in the past. Choose a time ahead.');
    expect(past.body.details?.[0]?.field).toBe('body.expiresAt');
    const soon = await book({
      chargePointId: 'BOOK-3',
      connectorId: 1,
      rfidCardId: card,
      expiresAt: inMinutes(2),
    });
    expect(soon.body.error).toBe('A booking must run for at least 5 minutes.');
    const far = await book({
      chargePointId: 'BOOK-3',
      connectorId: 1,
      rfidCardId: card,
      expiresAt: inMinutes(25 * 60),
    });
    expect(far.body.error).toBe('A booking can be made for at most 24 hours ahead.');
    const noConnector = await book({
      chargePointId: 'BOOK-3',
      connectorId: 7,
      rfidCardId: card,
      expiresAt: inMinutes(30),
    });
    expect([noConnector.status, noConnector.body.error]).toEqual([
      400,
      'This charge point has no such connector.',
    ]);
    expect(await commandsOf('BOOK-3')).toEqual([]);
  });

  it('refuses blocked, expired and archived cards, and cards of a blocked driver', async () => {
    await charger('BOOK-4');
    const body = (rfidCardId: number) => ({
      chargePointId: 'BOOK-4',
      connectorId: 1,
      rfidCardId,
      expiresAt: inMinutes(30),
    });
    const blocked = await book(body(await newCard('Zeynep', 'BOOKBLOCK1', { status: 'blocked' })));
    expect([blocked.status, blocked.body.error]).toEqual([400, 'This card is blocked and cannot book.']);
    const expired = await book(
      body(await newCard('Zeynep', 'BOOKEXP1', { expiresAt: new Date(Date.now() - 60_000) })),
    );
    expect(expired.body.error).toBe('This card has expired and cannot book.');
    const archived = await book(body(await newCard('Zeynep', 'BOOKARCH1', { archivedAt: new Date() })));
    expect(archived.body.error).toBe('This card is archived and cannot book.');
    const [ali] = await t.database.db.select().from(drivers).where(eq(drivers.name, 'Ali'));
    const aliCard = await newCard('Ali', 'BOOKALI1');
    await t.database.db.update(drivers).set({ status: 'blocked' }).where(eq(drivers.id, ali!.id));
    const driverBlocked = await book(body(aliCard));
    await t.database.db.update(drivers).set({ status: 'active' }).where(eq(drivers.id, ali!.id));
    expect(driverBlocked.body.error).toBe("The card's driver is blocked and cannot book.");
    expect(await commandsOf('BOOK-4')).toEqual([]);
  });

  it('refuses overlapping bookings and a card that already holds one', async () => {
    await charger('BOOK-5');
    const first = await book({
      chargePointId: 'BOOK-5',
      connectorId: 1,
      rfidCardId: await newCard('Zeynep', 'BOOKOV1'),
      expiresAt: inMinutes(30),
    });
    expect(first.body.data.state).toBe('active');
    const other = await newCard('Zeynep', 'BOOKOV2');
    const same = await book({
      chargePointId: 'BOOK-5',
      connectorId: 1,
      rfidCardId: other,
      expiresAt: inMinutes(30),
    });
    expect([same.status, same.body.error]).toEqual([
      409,
      'This connector is already booked (or the whole charge point is).',
    ]);
    const whole = await book({
      chargePointId: 'BOOK-5',
      connectorId: 0,
      rfidCardId: other,
      expiresAt: inMinutes(30),
    });
    expect(whole.status).toBe(409);
    expect(whole.body.error).toMatch(/cannot be booked as a whole/);
    const twice = await book({
      chargePointId: 'BOOK-5',
      connectorId: 2,
      rfidCardId: cards.BOOKOV1!,
      expiresAt: inMinutes(30),
    });
    expect([twice.status, twice.body.error]).toEqual([
      409,
      'This card already holds a booking. Cancel it first.',
    ]);
    // Only the accepted ReserveNow went out.
    expect((await commandsOf('BOOK-5')).length).toBe(1);
  });
});

describe('changing, cancelling and expiry', () => {
  it('changes the expiry with ReserveNow of the same id, and cancels with CancelReservation', async () => {
    const sim = await charger('BOOK-6');
    const made = await book({
      chargePointId: 'BOOK-6',
      connectorId: 2,
      rfidCardId: await newCard('Zeynep', 'BOOKCH1'),
      expiresAt: inMinutes(30),
    });
    const id = made.body.data.id;
    const later = inMinutes(90);
    const changed = await t.call<Answer<Booking>>('PUT', '/api/portal/booking', {
      token: callcenter,
      body: { id, name: 'late', expiresAt: later },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'late', expiresAt: later, state: 'active' });
    const sent = await commandsOf('BOOK-6');
    expect(
      sent.map((c) => [c.action, c.status, (c.request as { reservationId: number }).reservationId]),
    ).toEqual([
      ['ReserveNow', 'Accepted', id],
      ['ReserveNow', 'Accepted', id],
    ]);

    const cancelled = await cancel(id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('The booking was cancelled.');
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', answer: 'Accepted' });
    expect(cancelled.body.data.cancelledAt).not.toBeNull();
    await until(async () => (await connectorStatus('BOOK-6', 2)) === 'Available');
    // The charger's own record follows its status notification, which may still be on its way.
    await until(() => Promise.resolve(sim.connectorStatuses[2] === 'Available'));
    expect((await commandsOf('BOOK-6')).at(-1)).toMatchObject({
      action: 'CancelReservation',
      status: 'Accepted',
    });
    // Once cancelled it can be neither changed nor cancelled again.
    expect((await cancel(id)).status).toBe(409);
  });

  it('marks bookings past their expiry expired, which frees the card and the connector', async () => {
    await charger('BOOK-7');
    const card = await newCard('Zeynep', 'BOOKEXPIRE1');
    const made = await book({
      chargePointId: 'BOOK-7',
      connectorId: 1,
      rfidCardId: card,
      expiresAt: inMinutes(30),
    });
    await t.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, made.body.data.id));
    expect(await t.app.services.bookings.expire()).toBeGreaterThanOrEqual(1);
    expect((await get(made.body.data.id)).state).toBe('expired');
    const [line] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'expire'), eq(auditLogs.entityId, String(made.body.data.id))));
    expect(line).toBeDefined();
    const again = await book({
      chargePointId: 'BOOK-7',
      connectorId: 2,
      rfidCardId: card,
      expiresAt: inMinutes(30),
    });
    expect(again.body.data.state).toBe('active');
  });
});

describe('starting on a booking', () => {
  it('links the session that carries the reservationId and marks the booking used', async () => {
    const sim = await charger('BOOK-8');
    const made = await book({
      chargePointId: 'BOOK-8',
      connectorId: 1,
      rfidCardId: await newCard('Zeynep', 'BOOKUSE1'),
      expiresAt: inMinutes(30),
    });
    await until(() => Promise.resolve(sim.connectorStatuses[1] === 'Reserved'));
    const started = await sim.startSession(1, 'BOOKUSE1');
    expect(started.status).toBe('Accepted');
    const [session] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, started.transactionId!));
    expect(session).toMatchObject({ reservationId: made.body.data.id, state: 'active' });
    const used = await get(made.body.data.id);
    expect(used).toMatchObject({ state: 'used', sessionId: started.transactionId });
    expect(used.usedAt).not.toBeNull();
  });

  it("refuses a start that names another card's booking, which keeps holding", async () => {
    await registerChargePoint(t, 'BOOK-RAW', PW);
    const client = await connectClient(url, 'BOOK-RAW', PW);
    clients.push(client);
    client.handle('ReserveNow', () => Promise.resolve({ status: 'Accepted' }));
    await client.call('BootNotification', boot);
    const made = await book({
      chargePointId: 'BOOK-RAW',
      connectorId: 1,
      rfidCardId: await newCard('Zeynep', 'BOOKOWN1'),
      expiresAt: inMinutes(30),
    });
    expect(made.body.data.state).toBe('active');
    await newCard('Zeynep', 'BOOKOTHER1');
    const answer = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'BOOKOTHER1',
      meterStart: 0,
      reservationId: made.body.data.id,
      timestamp: new Date().toISOString(),
    })) as { idTagInfo: { status: string } };
    expect(answer.idTagInfo.status).toBe('Invalid');
    expect((await get(made.body.data.id)).state).toBe('active');
  });
});

describe('a charger that cannot take the booking', () => {
  it('keeps a CALLERROR answer as a failed booking that holds nothing', async () => {
    await registerChargePoint(t, 'BOOK-ERR', PW);
    const client = await connectClient(url, 'BOOK-ERR', PW);
    clients.push(client);
    client.handle('ReserveNow', () =>
      Promise.reject(ocppRpc.createRPCError('NotSupported', 'no reservations') as Error),
    );
    await client.call('BootNotification', boot);
    const card = await newCard('Zeynep', 'BOOKERR1');
    const r = await book({
      chargePointId: 'BOOK-ERR',
      connectorId: 1,
      rfidCardId: card,
      expiresAt: inMinutes(30),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.state).toBe('failed');
    expect(r.body.data.error).toMatch(/NotSupported/);
    expect(r.body.message).toMatch(/^The booking could not be sent to the charge point: /);
    const [record] = await commandsOf('BOOK-ERR');
    expect(record).toMatchObject({ action: 'ReserveNow', outcome: 'callError' });
    // The card holds nothing: it may book elsewhere.
    const elsewhere = await book({
      chargePointId: 'BOOK-3',
      connectorId: 2,
      rfidCardId: card,
      expiresAt: inMinutes(30),
    });
    expect(elsewhere.body.data.state).toBe('active');
  });
});

describe('who may book', () => {
  it('lets CallCenter book and Technical Support read, but not Finance; keeps other operators out of reach', async () => {
    const body = {
      chargePointId: 'BOOK-1',
      connectorId: 2,
      rfidCardId: cards.BOOKCARD01!,
      expiresAt: inMinutes(30),
    };
    expect((await book(body, finance)).status).toBe(403);
    expect((await book(body, support)).status).toBe(403);
    expect((await t.call('GET', '/api/portal/booking', { token: finance })).status).toBe(403);
    expect((await t.call('GET', '/api/portal/booking', { token: support })).status).toBe(200);

    // İstanbul's Main Operator cannot book Ankara's charger nor use an Ankara driver's card.
    await charger('BOOK-ANK', 'Voltline Ankara');
    const [murat] = await t.database.db.select().from(drivers).where(eq(drivers.name, 'Murat'));
    const [muratCard] = await t.database.db.select().from(rfidCards).where(eq(rfidCards.driverId, murat!.id));
    const foreignCp = await book(
      { ...body, chargePointId: 'BOOK-ANK', rfidCardId: await newCard('Zeynep', 'BOOKIST1') },
      istanbul,
    );
    expect(foreignCp.status).toBe(404);
    const foreignCard = await book(
      { ...body, chargePointId: 'BOOK-3', connectorId: 2, rfidCardId: muratCard!.id },
      istanbul,
    );
    expect(foreignCard.status).toBe(404);
    const ankara = await book(
      { chargePointId: 'BOOK-ANK', connectorId: 1, rfidCardId: muratCard!.id, expiresAt: inMinutes(30) },
      admin,
    );
    expect(ankara.body.data).toMatchObject({ state: 'active', operatorName: 'Voltline Ankara' });
    expect(
      (await t.call('GET', `/api/portal/booking/${ankara.body.data.id}`, { token: istanbul })).status,
    ).toBe(404);
    expect((await cancel(ankara.body.data.id, istanbul)).status).toBe(404);
    const seen = await t.call<Answer<Page<Booking>>>('GET', '/api/portal/booking?size=100', {
      token: istanbul,
    });
    expect(seen.body.data.items.some((b) => b.chargePointId === 'BOOK-ANK')).toBe(false);
    expect(seen.body.data.total).toBeGreaterThan(0);
  });

  it('exports the filtered list as Excel', async () => {
    const r = await t.call('GET', '/api/portal/booking/GetBookingsExcel?state=active', { token: support });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toContain('spreadsheetml');
  });
});
