import type { Ocpp201 } from '@voltline/contract';
import type { SimCharger201 } from './charger.js';
import type { Evse, IdToken, Reservation201 } from './evse.js';
import { connectorType as connectorTypeOf } from './variables.js';

type ReserveNow = Ocpp201.ReserveNowRequest;
type ReserveStatus = Ocpp201.ReserveNowResponse['status'];
type UpdateStatus = Ocpp201.ReservationStatusUpdateRequest['reservationUpdateStatus'];

/**
 * Reservations of a 2.0.1 station (H01-H04). ReserveNow for an EVSE, or for any EVSE (of a connector
 * type) when ReservationCtrlr.NonEvseSpecific allows it: the station picks a free one and holds it.
 * A reserved EVSE shows Reserved and starts only for the reservation's token or its group (H03),
 * whose transaction names the reservation. The station ends a reservation itself at its expiry
 * (ReservationStatusUpdate Expired) and when its EVSE faults or is taken out of service (Removed).
 */
export class Reservations201 {
  constructor(private readonly s: SimCharger201) {}

  reserve(req: ReserveNow): ReserveStatus {
    const m = this.s.model;
    if (!m.getBool('ReservationCtrlr', 'Enabled')) return 'Rejected';
    // The same id again replaces that reservation, wherever it was.
    const previous = this.find(req.id);
    const evse = req.evseId !== undefined ? this.chooseGiven(req, previous) : this.chooseAny(req, previous);
    if (typeof evse === 'string') return evse;
    if (previous) this.drop(previous, false);
    const expiry = new Date(req.expiryDateTime);
    const reservation: Reservation201 = {
      id: req.id,
      idToken: req.idToken,
      expiry,
      anyEvse: req.evseId === undefined,
      // The expiry is wall-clock time set by the CSMS, so it is not sped up.
      task: this.s.options.scheduler.after(Math.max(0, expiry.getTime() - Date.now()), () => {
        if (evse.reservation === reservation && !this.s.isClosed) this.end(evse, 'Expired');
      }),
    };
    if (req.groupIdToken) reservation.groupIdToken = req.groupIdToken;
    evse.reservation = reservation;
    this.s.later(0, () => this.s.statuses.report(evse));
    return 'Accepted';
  }

  /** H02: CancelReservation; Rejected for a reservation the station does not hold. */
  cancel(reservationId: number): 'Accepted' | 'Rejected' {
    const e = this.find(reservationId);
    if (!e) return 'Rejected';
    this.drop(e, true);
    return 'Accepted';
  }

  /** Whether a token may use the EVSE: free of reservations, or the reservation's token or group. */
  mayUse(e: Evse, token: IdToken, group?: string): boolean {
    const r = e.reservation;
    if (!r) return true;
    if (r.idToken.idToken === token.idToken) return true;
    return group !== undefined && r.groupIdToken?.idToken === group;
  }

  /** A transaction of the reservation's token starts: the reservation is used up (H03), its id told. */
  use(e: Evse): number | undefined {
    const r = e.reservation;
    if (!r) return undefined;
    this.s.cancel(r.task);
    e.reservation = undefined;
    return r.id;
  }

  /** The EVSE faulted or went out of service: its reservation is removed and the CSMS told (H04). */
  removeOn(e: Evse): void {
    if (e.reservation) this.end(e, 'Removed');
  }

  private find(id: number): Evse | undefined {
    return this.s.evses.find((e) => e.reservation?.id === id);
  }

  /** ReserveNow for one EVSE: unknown is Rejected, then Faulted, Unavailable, Occupied as its state is. */
  private chooseGiven(req: ReserveNow, previous: Evse | undefined): Evse | ReserveStatus {
    const e = this.s.evse(req.evseId ?? 0);
    if (!e) return 'Rejected';
    if (req.connectorType && !this.fits(req.connectorType)) return 'Rejected';
    if (e.faulted) return 'Faulted';
    if (!e.operative || e.pendingInoperative) return 'Unavailable';
    if (e.transaction || e.vehicle) return 'Occupied';
    if (e.reservation && e !== previous) return 'Occupied';
    return e;
  }

  /**
   * ReserveNow without an EVSE: a free EVSE of the connector type is held; none
   * free is Occupied, or Faulted or Unavailable when every EVSE of the type is so.
   */
  private chooseAny(req: ReserveNow, previous: Evse | undefined): Evse | ReserveStatus {
    if (!this.s.model.getBool('ReservationCtrlr', 'NonEvseSpecific')) return 'Rejected';
    if (req.connectorType && !this.fits(req.connectorType)) return 'Rejected';
    const all = this.s.evses;
    const free = (e: Evse) =>
      !e.faulted &&
      e.operative &&
      !e.pendingInoperative &&
      !e.transaction &&
      !e.vehicle &&
      (!e.reservation || e === previous);
    const chosen = (previous && free(previous) ? previous : undefined) ?? all.find(free);
    if (chosen) return chosen;
    if (all.every((e) => e.faulted)) return 'Faulted';
    if (all.every((e) => e.faulted || !e.operative)) return 'Unavailable';
    return 'Occupied';
  }

  /** The station's connectors are all of one type (Connector.ConnectorType of its device model). */
  private fits(connectorType: string): boolean {
    return connectorTypeOf(this.s.options.maxPower) === connectorType;
  }

  private end(e: Evse, status: UpdateStatus): void {
    const r = e.reservation;
    if (!r) return;
    this.drop(e, true);
    this.s
      .send('ReservationStatusUpdate', { reservationId: r.id, reservationUpdateStatus: status })
      .catch(() => undefined);
  }

  private drop(e: Evse, report: boolean): void {
    this.s.cancel(e.reservation?.task);
    e.reservation = undefined;
    if (report) this.s.later(0, () => this.s.statuses.report(e));
  }
}
