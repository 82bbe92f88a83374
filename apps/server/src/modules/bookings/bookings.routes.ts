import {
  BOOKING_API,
  Booking,
  BookingListQuery,
  BookingUpdate,
  Id,
  NewBooking,
  ok,
  page,
} from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import { sendBookingsExcel } from './bookings.excel.js';
import type { BookingsService } from './bookings.service.js';

const tags = ['bookings'];
const read = { permission: 'bookings:read' } as const;
const write = { permission: 'bookings:write' } as const;
const byId = z.object({ id: Id });

/** What the charger made of a new booking, in words. */
function createdMessage(locale: Parameters<typeof translate>[0], b: Booking) {
  if (b.state === 'active') return translate(locale, 'booking.created');
  if (b.state === 'refused') return translate(locale, 'booking.refused', { answer: b.answer ?? '' });
  return translate(locale, 'booking.failed', { error: b.error ?? '' });
}

export function bookingRoutes(app: App, { bookings }: { bookings: BookingsService }) {
  app.get(
    `/${BOOKING_API.base}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Bookings in reach, filtered, newest first',
        querystring: BookingListQuery,
        response: { 200: ok(page(Booking)) },
      },
    },
    async (request) => ({ data: await bookings.page(ctxOf(request), request.query) }),
  );

  app.get(
    `/${BOOKING_API.excel}`,
    {
      config: read,
      schema: { tags, summary: 'The filtered bookings as .xlsx', querystring: BookingListQuery },
    },
    (request, reply) => sendBookingsExcel(reply, request.locale, bookings.all(ctxOf(request), request.query)),
  );

  app.get(
    `/${BOOKING_API.base}/:id`,
    { config: read, schema: { tags, summary: 'One booking', params: byId, response: { 200: ok(Booking) } } },
    async (request) => ({ data: await bookings.get(ctxOf(request), request.params.id) }),
  );

  app.post(
    `/${BOOKING_API.base}`,
    {
      config: write,
      schema: {
        tags,
        summary: "Books a connector for a card: ReserveNow, and the charger's answer kept",
        body: NewBooking,
        response: { 200: ok(Booking) },
      },
    },
    async (request) => {
      const booking = await bookings.create(ctxOf(request), request.body);
      const message = createdMessage(request.locale, booking);
      // Refused by the charger, or not delivered: the portal shows it as a refusal, not a success.
      return booking.state === 'active'
        ? { data: booking, message }
        : { data: booking, message, refused: true };
    },
  );

  app.put(
    `/${BOOKING_API.base}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'A holding booking’s label and expiry (ReserveNow again with the same id)',
        body: BookingUpdate,
        response: { 200: ok(Booking) },
      },
    },
    async (request) => ({
      data: await bookings.update(ctxOf(request), request.body),
      message: translate(request.locale, 'booking.updated'),
    }),
  );

  app.delete(
    `/${BOOKING_API.base}/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Cancels a holding booking (CancelReservation)',
        params: byId,
        response: { 200: ok(Booking) },
      },
    },
    async (request) => ({
      data: await bookings.cancel(ctxOf(request), request.params.id),
      message: translate(request.locale, 'booking.cancelled'),
    }),
  );
}
