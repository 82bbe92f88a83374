import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

// H01-H04 as a 2.0.1 station plays them against a CSMS: ReserveNow for an EVSE or by connector type,
// the answers the spec gives for each state, the reserved EVSE serving its token alone, and the
// station ending reservations itself (ReservationStatusUpdate).

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

const card = (idToken: string) => ({ idToken, type: 'ISO14443' as const });
const vehicle = () => ({ capacityWh: 60_000, soc: 40, targetSoc: 100, maxPowerW: 11_000 });
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const statuses = (id: string, evseId: number) =>
  csms
    .messages(id, 'StatusNotification')
    .filter((m) => m.payload.evseId === evseId)
    .map((m) => m.payload.connectorStatus);

async function station(id: string, extra: { maxPower?: number } = {}): Promise<SimCharger201> {
  const s = await startCharger201({ url: csms.url, id, connectors: 2, speed: 20, rebootDelay: 1, ...extra });
  stations.push(s);
  return s;
}

describe('OCPP 2.0.1 reservations on the simulated station (H)', () => {
  it('H01 reserves a given EVSE, which shows Reserved; H03 only the reserved token starts there, naming the reservation', async () => {
    const s = await station('H01-A');
    const reserve = { id: 41, expiryDateTime: inMinutes(30), idToken: card('RES-1'), evseId: 2 };
    expect(await csms.call('H01-A', 'ReserveNow', reserve)).toEqual({ status: 'Accepted' });
    await csms.until(() => statuses('H01-A', 2).includes('Reserved'), 5000, 'Reserved');
    expect(s.connectorStatuses).toEqual({ 1: 'Available', 2: 'Reserved' });
    // Another reservation of the same EVSE: Occupied; the same id again replaces the first.
    expect(await csms.call('H01-A', 'ReserveNow', { ...reserve, id: 42, idToken: card('RES-2') })).toEqual({
      status: 'Occupied',
    });
    expect(await csms.call('H01-A', 'ReserveNow', { ...reserve, expiryDateTime: inMinutes(40) })).toEqual({
      status: 'Accepted',
    });
    // Another card is refused at the reserved EVSE, and by RequestStartTransaction as well.
    expect((await s.swipe('OTHER-1', 2)).status).toBe('Invalid');
    expect(
      await csms.call('H01-A', 'RequestStartTransaction', {
        remoteStartId: 1,
        evseId: 2,
        idToken: card('OTHER-1'),
      }),
    ).toEqual({ status: 'Rejected' });
    const started = await s.startSession(2, 'RES-1', { vehicle: vehicle() });
    expect(started.status).toBe('Accepted');
    const first = await csms.nth('H01-A', 'TransactionEvent');
    expect(first.payload).toMatchObject({ eventType: 'Started', reservationId: 41, evse: { id: 2 } });
    expect(s.evse(2)?.reservation).toBeUndefined();
  });

  it('H01 answers Rejected, Faulted, Unavailable and Occupied as the EVSE is', async () => {
    const s = await station('H01-B');
    const at = (evseId: number, id: number) => ({
      id,
      expiryDateTime: inMinutes(30),
      idToken: card('R'),
      evseId,
    });
    expect(await csms.call('H01-B', 'ReserveNow', at(9, 1))).toEqual({ status: 'Rejected' });
    s.fault(1);
    expect(await csms.call('H01-B', 'ReserveNow', at(1, 2))).toEqual({ status: 'Faulted' });
    s.clearFault(1);
    await csms.call('H01-B', 'ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 1 } });
    expect(await csms.call('H01-B', 'ReserveNow', at(1, 3))).toEqual({ status: 'Unavailable' });
    s.plugIn(2, vehicle());
    expect(await csms.call('H01-B', 'ReserveNow', at(2, 4))).toEqual({ status: 'Occupied' });
    // A connector type the station has not: Rejected.
    const ccs1 = {
      id: 5,
      expiryDateTime: inMinutes(30),
      idToken: card('R'),
      connectorType: 'cCCS1' as const,
    };
    expect(await csms.call('H01-B', 'ReserveNow', ccs1)).toEqual({ status: 'Rejected' });
  });

  it('H01 reserves by connector type without an EVSE: the station holds a free one, Occupied when none is', async () => {
    const s = await station('H01-C');
    const any = (id: number) => ({
      id,
      expiryDateTime: inMinutes(30),
      idToken: card(`ANY-${id}`),
      connectorType: 'cType2' as const,
    });
    expect(await csms.call('H01-C', 'ReserveNow', any(1))).toEqual({ status: 'Accepted' });
    expect(await csms.call('H01-C', 'ReserveNow', any(2))).toEqual({ status: 'Accepted' });
    expect(Object.values(s.connectorStatuses)).toEqual(['Reserved', 'Reserved']);
    expect(await csms.call('H01-C', 'ReserveNow', any(3))).toEqual({ status: 'Occupied' });
    // A remote start of the second card without an EVSE goes to the EVSE held for it.
    expect(
      await csms.call('H01-C', 'RequestStartTransaction', { remoteStartId: 9, idToken: card('ANY-2') }),
    ).toEqual({
      status: 'Accepted',
    });
    const started = await csms.nth('H01-C', 'TransactionEvent');
    expect(started.payload).toMatchObject({ eventType: 'Started', reservationId: 2, evse: { id: 2 } });
    expect(Object.values(s.connectorStatuses)).toEqual(['Reserved', 'Occupied']);
    // ReservationCtrlr.NonEvseSpecific off: a reservation must name its EVSE.
    s.model.set('ReservationCtrlr', 'NonEvseSpecific', 'false');
    expect(await csms.call('H01-C', 'CancelReservation', { reservationId: 1 })).toEqual({
      status: 'Accepted',
    });
    expect(await csms.call('H01-C', 'ReserveNow', any(4))).toEqual({ status: 'Rejected' });
  });

  it('H02 cancels a reservation (Rejected for an unknown one) and the EVSE is Available again', async () => {
    const s = await station('H02');
    await csms.call('H02', 'ReserveNow', {
      id: 7,
      expiryDateTime: inMinutes(30),
      idToken: card('C'),
      evseId: 1,
    });
    expect(await csms.call('H02', 'CancelReservation', { reservationId: 8 })).toEqual({ status: 'Rejected' });
    expect(await csms.call('H02', 'CancelReservation', { reservationId: 7 })).toEqual({ status: 'Accepted' });
    await csms.until(() => statuses('H02', 1).at(-1) === 'Available', 5000, 'Available');
    expect(s.connectorStatuses[1]).toBe('Available');
    expect(csms.messages('H02', 'ReservationStatusUpdate')).toEqual([]);
  });

  it('H04 tells the CSMS of a reservation that expired, and of one removed by a fault', async () => {
    const s = await station('H04');
    await csms.call('H04', 'ReserveNow', {
      id: 11,
      expiryDateTime: new Date(Date.now() + 300).toISOString(),
      idToken: card('E'),
      evseId: 1,
    });
    await csms.call('H04', 'ReserveNow', {
      id: 12,
      expiryDateTime: inMinutes(30),
      idToken: card('F'),
      evseId: 2,
    });
    const expired = await csms.nth('H04', 'ReservationStatusUpdate');
    expect(expired.payload).toEqual({ reservationId: 11, reservationUpdateStatus: 'Expired' });
    s.fault(2);
    const removed = await csms.nth('H04', 'ReservationStatusUpdate', 2);
    expect(removed.payload).toEqual({ reservationId: 12, reservationUpdateStatus: 'Removed' });
    expect(s.connectorStatuses).toEqual({ 1: 'Available', 2: 'Faulted' });
  });
});
