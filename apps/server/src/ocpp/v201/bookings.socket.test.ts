import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import type { Booking, NewBooking } from '@voltline/contract';
import { chargePoints, chargingSessions, commandRecords, drivers, rfidCards } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

// Bookings drive an OCPP 2.0.1 charger (the simulator's) through the same service as a 1.6 one: the
// booking is the reservation (H01), the reserved card starts there and uses it (H03), a cancel is
// CancelReservation (H02), and the charger ending a reservation itself ends the booking (H04).

const PW = 'charger-secret-book201';
let t: TestApp;
let url: string;
let callcenter: string;
const sims: SimCharger201[] = [];
const clients: Client[] = [];

type Answer<T> = { data: T; message?: string; refused?: boolean };
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '5' });
  url = await listen(t);
  callcenter = await t.login('callcenter@voltline.local');
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

async function charger(id: string) {
  await registerChargePoint(t, id, PW);
  const sim = await startCharger201({ url, id, password: PW, connectors: 2, speed: 10 });
  sims.push(sim);
  await until(async () => {
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
    return cp?.connected && cp.ocppProtocol === 'ocpp2.0.1' ? cp : null;
  });
  return sim;
}

async function newCard(number: string) {
  const [d] = await t.database.db.select().from(drivers).where(eq(drivers.name, 'Zeynep'));
  const [c] = await t.database.db
    .insert(rfidCards)
    .values({ driverId: d!.id, number, name: number })
    .returning();
  return c!.id;
}

const book = (body: NewBooking) =>
  t.call<Answer<Booking>>('POST', '/api/portal/booking', { token: callcenter, body });
const get = async (id: number) =>
  (await t.call<Answer<Booking>>('GET', `/api/portal/booking/${id}`, { token: callcenter })).body.data;

describe('bookings on an OCPP 2.0.1 charger (H)', () => {
  it('H01 a booking reserves the EVSE, which shows Reserved; H03 the reserved card starts there and uses it', async () => {
    const sim = await charger('B201-1');
    const made = await book({
      chargePointId: 'B201-1',
      connectorId: 2,
      rfidCardId: await newCard('B201CARD1'),
      expiresAt: inMinutes(30),
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ state: 'active', answer: 'Accepted', connectorId: 2 });
    await until(() => Promise.resolve(sim.connectorStatuses[2] === 'Reserved'));
    expect(sim.evse(2)?.reservation).toMatchObject({
      id: made.body.data.id,
      idToken: { idToken: 'B201CARD1' },
    });
    // Another card is turned away at the reserved EVSE; the booking keeps holding.
    expect((await sim.swipe('B201OTHER', 2)).status).not.toBe('Accepted');
    expect((await get(made.body.data.id)).state).toBe('active');

    const started = await sim.startSession(2, 'B201CARD1');
    expect(started.status).toBe('Accepted');
    const used = await until(async () => {
      const b = await get(made.body.data.id);
      return b.state === 'used' ? b : null;
    });
    const [session] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, used.sessionId!));
    expect(session).toMatchObject({ reservationId: made.body.data.id, connectorId: 2, idTag: 'B201CARD1' });
  });

  it('H01 a booking of any connector reserves an EVSE of the station’s choosing', async () => {
    const sim = await charger('B201-ANY');
    const made = await book({
      chargePointId: 'B201-ANY',
      connectorId: 0,
      rfidCardId: await newCard('B201CARD2'),
      expiresAt: inMinutes(30),
    });
    expect(made.body.data).toMatchObject({ state: 'active', answer: 'Accepted', connectorId: 0 });
    await until(() => Promise.resolve(Object.values(sim.connectorStatuses).includes('Reserved')));
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'B201-ANY'));
    const records = await t.database.db
      .select()
      .from(commandRecords)
      .where(eq(commandRecords.chargePointId, cp!.id));
    expect(records.map((r) => [r.action, r.status])).toEqual([['ReserveNow', 'Accepted']]);
    // The charger held one EVSE for the card, named by the booking's id.
    const held = sim.evses.filter((e) => e.reservation);
    expect(held.map((e) => [e.reservation!.id, e.reservation!.idToken.idToken])).toEqual([
      [made.body.data.id, 'B201CARD2'],
    ]);
  });

  it('H01 keeps an Occupied answer as a refused booking that holds nothing', async () => {
    const sim = await charger('B201-OCC');
    sim.plugIn(1);
    const made = await book({
      chargePointId: 'B201-OCC',
      connectorId: 1,
      rfidCardId: await newCard('B201CARD3'),
      expiresAt: inMinutes(30),
    });
    expect(made.body.data).toMatchObject({ state: 'refused', answer: 'Occupied' });
    expect(made.body.refused).toBe(true);
  });

  it('H02 cancelling a booking cancels the reservation and frees the EVSE', async () => {
    const sim = await charger('B201-CAN');
    const made = await book({
      chargePointId: 'B201-CAN',
      connectorId: 1,
      rfidCardId: await newCard('B201CARD4'),
      expiresAt: inMinutes(30),
    });
    await until(() => Promise.resolve(sim.connectorStatuses[1] === 'Reserved'));
    const r = await t.call<Answer<Booking>>('DELETE', `/api/portal/booking/${made.body.data.id}`, {
      token: callcenter,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.state).toBe('cancelled');
    await until(() => Promise.resolve(sim.connectorStatuses[1] === 'Available'));
    expect(sim.evse(1)?.reservation).toBeUndefined();
  });

  it('H04 a reservation the charger removes (its EVSE faulted) ends the booking', async () => {
    const sim = await charger('B201-REM');
    const made = await book({
      chargePointId: 'B201-REM',
      connectorId: 1,
      rfidCardId: await newCard('B201CARD5'),
      expiresAt: inMinutes(30),
    });
    await until(() => Promise.resolve(sim.connectorStatuses[1] === 'Reserved'));
    sim.fault(1);
    const ended = await until(async () => {
      const b = await get(made.body.data.id);
      return b.state !== 'active' ? b : null;
    });
    expect(ended.state).toBe('cancelled');
  });

  it('H04 a reservation the charger says expired ends the booking as expired; another charger’s id changes nothing', async () => {
    await registerChargePoint(t, 'B201-EXP', PW);
    const client = await connectClient(url, 'B201-EXP', PW, 'ocpp2.0.1');
    clients.push(client);
    client.handle('ReserveNow', () => Promise.resolve({ status: 'Accepted' }));
    await client.call('BootNotification', boot201);
    const sim = await charger('B201-OTHER');
    const made = await book({
      chargePointId: 'B201-EXP',
      connectorId: 1,
      rfidCardId: await newCard('B201CARD6'),
      expiresAt: inMinutes(30),
    });
    const other = await book({
      chargePointId: 'B201-OTHER',
      connectorId: 1,
      rfidCardId: await newCard('B201CARD7'),
      expiresAt: inMinutes(30),
    });
    expect([made.body.data.state, other.body.data.state]).toEqual(['active', 'active']);
    // The charger names a booking of another charge point: nothing changes.
    await client.call('ReservationStatusUpdate', {
      reservationId: other.body.data.id,
      reservationUpdateStatus: 'Expired',
    });
    expect((await get(other.body.data.id)).state).toBe('active');
    expect(sim.connectorStatuses[1]).toBe('Reserved');
    await client.call('ReservationStatusUpdate', {
      reservationId: made.body.data.id,
      reservationUpdateStatus: 'Expired',
    });
    expect((await get(made.body.data.id)).state).toBe('expired');
  });
});
