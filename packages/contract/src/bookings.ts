import { z } from 'zod';
import { ChargePointIdString } from './charge-points.js';
import { IsoTime, OptionalText } from './common.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';

/**
 * Bookings (spec §7 Booking, `/management/booking`): a driver's card reserves a connector, or any
 * connector of a charge point (connector 0), until an expiry time. Voltline sends ReserveNow with
 * the booking's id as reservationId and stores the charger's answer. Read with `bookings:read`,
 * made, changed and cancelled with `bookings:write`.
 *
 * States:
 * - `active`: the charger answered Accepted; the booking holds until `expiresAt`.
 * - `refused`: the charger answered Faulted, Occupied, Rejected or Unavailable (`answer`).
 * - `failed`: the charger did not answer, answered with a CALLERROR, or went offline (`error`).
 * - `used`: a StartTransaction carried its reservationId; `sessionId` names the session.
 * - `cancelled`: cancelled from the portal (CancelReservation sent; the charger's answer in `answer`).
 * - `expired`: `expiresAt` passed without a start.
 */
export const BOOKING_STATES = ['active', 'refused', 'failed', 'used', 'cancelled', 'expired'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** States in which a booking holds its connector. */
export const HOLDING_BOOKING_STATES = ['active'] as const satisfies BookingState[];

/** ReserveNow.conf statuses (OCPP 1.6 §7.43). */
export const RESERVATION_ANSWERS = ['Accepted', 'Faulted', 'Occupied', 'Rejected', 'Unavailable'] as const;

/** A booking may be made for at most this long ahead. */
export const BOOKING_MAX_HOURS = 24;
/** ...and for at least this long: a booking that ends before the driver can arrive is of no use. */
export const BOOKING_MIN_MINUTES = 5;

const RecordId = z.coerce.number().int().positive().max(2_147_483_647);

export const Booking = z.object({
  /** Also the reservationId sent to the charger. */
  id: z.number().int(),
  /** A label the operator gives it (e.g. the driver's plate or a note); null when none. */
  name: z.string().nullable(),
  chargePointId: z.string(),
  chargePointDbId: z.number().int(),
  chargePointName: z.string(),
  /** 0: any connector of the charge point. */
  connectorId: z.number().int(),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  rfidCardId: z.number().int(),
  /** The card's number: the idTag sent. */
  idTag: z.string(),
  cardName: z.string().nullable(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  state: z.enum(BOOKING_STATES),
  /** The charger's answer to ReserveNow (or to CancelReservation once cancelled). */
  answer: z.string().nullable(),
  /** Why sending failed (offline, time-out, CALLERROR). */
  error: z.string().nullable(),
  expiresAt: z.string(),
  /** The session that used the booking. */
  sessionId: z.number().int().nullable(),
  usedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof Booking>;

/** `GET portal/booking?index&size&...` and the Excel's query. */
export const BookingListQuery = z.object({
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  state: z.enum(BOOKING_STATES).optional(),
  /** The charge point's OCPP id. */
  chargePointId: z.string().trim().max(48).optional(),
  driverId: RecordId.optional(),
  operatorId: RecordId.optional(),
  /** Bookings whose expiry is at or after `from`, and created at or before `to`. */
  from: IsoTime.optional(),
  to: IsoTime.optional(),
});
export type BookingListQuery = z.input<typeof BookingListQuery>;

/** `POST portal/booking`. The driver is the card's. */
export const NewBooking = z.object({
  name: OptionalText(100),
  chargePointId: ChargePointIdString,
  connectorId: z.number().int().min(0).max(99),
  rfidCardId: z.number().int().positive().max(2_147_483_647),
  expiresAt: IsoTime,
});
export type NewBooking = z.input<typeof NewBooking>;

/** `PUT portal/booking`: a holding booking's new expiry (ReserveNow again with the same id) or label. */
export const BookingUpdate = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  name: OptionalText(100),
  expiresAt: IsoTime,
});
export type BookingUpdate = z.input<typeof BookingUpdate>;

export const BOOKING_API = {
  /** GET list (query BookingListQuery), POST NewBooking, PUT BookingUpdate. */
  base: 'portal/booking',
  /** GET one; DELETE cancels it (CancelReservation). */
  byId: (id: number | string) => `portal/booking/${id}`,
  /** GET with the list's query: .xlsx. */
  excel: 'portal/booking/GetBookingsExcel',
} as const;
