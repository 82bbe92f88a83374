import {
  BOOKING_MAX_HOURS,
  BOOKING_MIN_MINUTES,
  type Booking,
  type BookingUpdate,
  type NewBooking,
  type Page,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import type { MessageKey } from '../../lib/messages.js';
import type { OutboundAction } from '../../ocpp/gateway.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import { networkOf } from '../drivers/authorization.js';
import { bookingEvents } from '../events/booking-events.js';
import * as repo from './bookings.repository.js';

type NewBody = z.output<typeof NewBooking>;
type UpdateBody = z.output<typeof BookingUpdate>;
type Payload = Record<string, unknown>;

/** How a recorded command went (CommandsService.sendRecorded). */
export type SendOutcome =
  | { ok: true; answer: Payload }
  | { ok: false; outcome: 'callError' | 'timedOut' | 'offline'; error: string | null };
export type SendRecorded = (
  cp: { id: number; chargePointId: string },
  action: OutboundAction,
  payload: Payload,
  opts: { logged: Payload; userId: number | null },
) => Promise<SendOutcome>;

export interface BookingsDeps {
  db: Db;
  clock: Clock;
  send: SendRecorded;
  /** Whether the charger's socket is held by any Voltline process. */
  isConnected: (chargePointId: string) => Promise<boolean>;
}

export function toBooking(r: repo.BookingRow): Booking {
  return {
    ...r,
    state: r.state as Booking['state'],
    expiresAt: r.expiresAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const refuse = (
  status: 400 | 409,
  key: MessageKey,
  field?: string,
  params: Record<string, string | number> = {},
) => new AppError(status, key, params, field ? [{ field, key, params }] : undefined);

/** The status a charger answered (ReserveNow.conf, CancelReservation.conf). */
const statusOf = (answer: Payload) => (typeof answer.status === 'string' ? answer.status : '');

/** Why sending failed, in a word the booking keeps. */
const failure = (r: Extract<SendOutcome, { ok: false }>) => r.error ?? r.outcome;

/**
 * Bookings: the rules for making, changing and cancelling one, the ReserveNow and
 * CancelReservation sent for them, and the expiry rule. A booking holds (state `active`) only once
 * the charger accepted it.
 */
export class BookingsService {
  constructor(private readonly deps: BookingsDeps) {}

  private get db() {
    return this.deps.db;
  }

  async page(ctx: Ctx, f: repo.Filter): Promise<Page<Booking>> {
    const [rows, total] = await Promise.all([
      repo.listBookings(this.db, ctx.actor, f, f.index * f.size, f.size),
      repo.countBookings(this.db, ctx.actor, f),
    ]);
    return { items: rows.map(toBooking), total, index: f.index, size: f.size };
  }

  all(ctx: Ctx, f: repo.Filter): AsyncIterable<Booking> {
    return inBatches(async (offset, limit) =>
      (await repo.listBookings(this.db, ctx.actor, f, offset, limit)).map(toBooking),
    );
  }

  async get(ctx: Ctx, id: number): Promise<Booking> {
    const row = await repo.findBooking(this.db, ctx.actor, id);
    if (!row) throw notFound('booking');
    return toBooking(row);
  }

  /** An expiry at least BOOKING_MIN_MINUTES and at most BOOKING_MAX_HOURS ahead. */
  private checkExpiry(expiresAt: Date) {
    const ahead = expiresAt.getTime() - this.deps.clock.now().getTime();
    if (ahead <= 0) throw refuse(400, 'booking.expiryPast', 'body.expiresAt');
    if (ahead < BOOKING_MIN_MINUTES * 60_000) {
      throw refuse(400, 'booking.expiryTooSoon', 'body.expiresAt', { minutes: BOOKING_MIN_MINUTES });
    }
    if (ahead > BOOKING_MAX_HOURS * 3_600_000) {
      throw refuse(400, 'booking.expiryTooFar', 'body.expiresAt', { hours: BOOKING_MAX_HOURS });
    }
  }

  /**
   * Checks everything, then holds the connector (a row in state `active`, so a second request for
   * it waits on the charge point's lock and then sees it), sends ReserveNow and keeps the answer.
   * Nothing is sent when a rule refuses the booking.
   */
  async create(ctx: Ctx, body: NewBody): Promise<Booking> {
    const expiresAt = new Date(body.expiresAt);
    this.checkExpiry(expiresAt);
    const held = await this.db.transaction(async (tx) => {
      const cp = await repo.lockChargePoint(tx, ctx.actor, body.chargePointId);
      if (!cp) throw notFound('chargePoint');
      if (cp.archivedAt) throw refuse(409, 'booking.chargerArchived', 'body.chargePointId');
      if (!cp.connected || !(await this.deps.isConnected(cp.chargePointId))) {
        throw refuse(409, 'booking.chargerOffline', 'body.chargePointId', {
          chargePointId: cp.chargePointId,
        });
      }
      if (body.connectorId !== 0 && !(await repo.hasConnector(tx, cp.id, body.connectorId))) {
        throw refuse(400, 'booking.noSuchConnector', 'body.connectorId');
      }
      const card = await repo.lockCard(tx, ctx.actor, body.rfidCardId);
      if (!card) throw notFound('rfidCard');
      this.checkCard(card, cp.operatorPath);
      const overlaps = await repo.overlapping(tx, cp.id, body.connectorId);
      if (overlaps.length > 0) {
        throw refuse(
          409,
          body.connectorId === 0 ? 'booking.chargePointBooked' : 'booking.connectorBooked',
          'body.connectorId',
        );
      }
      if (await repo.cardHolds(tx, card.id)) throw refuse(409, 'booking.cardBooked', 'body.rfidCardId');
      const id = await repo.insertBooking(tx, {
        name: body.name,
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        connectorId: body.connectorId,
        rfidCardId: card.id,
        driverId: card.driverId,
        idTag: card.number,
        state: 'active',
        expiresAt,
        createdBy: ctx.actor.userId,
      });
      return { id, cp, idTag: card.number };
    });

    const { id, cp, idTag } = held;
    const payload = {
      connectorId: body.connectorId,
      expiryDate: expiresAt.toISOString(),
      idTag,
      reservationId: id,
    };
    const sent = await this.deps.send(cp, 'ReserveNow', payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    await this.db.transaction(async (tx) => {
      const answer = sent.ok ? statusOf(sent.answer) : null;
      const state = !sent.ok ? 'failed' : answer === 'Accepted' ? 'active' : 'refused';
      await repo.updateBooking(tx, id, { state, answer, error: sent.ok ? null : failure(sent) });
      // A booking exists for other systems once its charger holds it.
      if (state === 'active') await bookingEvents(tx, 'booking.created', [id]);
      await audit(tx, ctx, {
        action: 'create',
        entity: 'booking',
        entityId: id,
        summary: {
          chargePointId: cp.chargePointId,
          connectorId: body.connectorId,
          idTag,
          expiresAt: expiresAt.toISOString(),
          state,
          answer,
          ...(sent.ok ? {} : { error: failure(sent) }),
        },
      });
    });
    return this.get(ctx, id);
  }

  /** A card may book if it and its driver are in good standing and it works at this charge point. */
  private checkCard(
    card: NonNullable<Awaited<ReturnType<typeof repo.lockCard>>>,
    chargePointOperatorPath: string,
  ) {
    const field = 'body.rfidCardId';
    if (card.archivedAt) throw refuse(400, 'booking.cardArchived', field);
    if (card.status !== 'active') throw refuse(400, 'booking.cardBlocked', field);
    if (card.driverStatus !== 'active') throw refuse(400, 'booking.driverBlocked', field);
    if (card.expiresAt && card.expiresAt.getTime() <= this.deps.clock.now().getTime()) {
      throw refuse(400, 'booking.cardExpired', field);
    }
    if (networkOf(card.operatorPath) !== networkOf(chargePointOperatorPath)) {
      throw refuse(400, 'booking.cardOtherNetwork', field);
    }
  }

  /** A holding booking of the actor's reach, or 404 / 409. */
  private async holding(ctx: Ctx, id: number) {
    const row = await repo.findBooking(this.db, ctx.actor, id);
    if (!row) throw notFound('booking');
    if (row.state !== 'active') throw conflict('booking.notHolding');
    return row;
  }

  /**
   * A new label, and a new expiry: ReserveNow again with the same reservationId, which the charger
   * puts in place of the reservation it holds. The new expiry counts only if the charger accepts it.
   */
  async update(ctx: Ctx, body: UpdateBody): Promise<Booking> {
    const row = await this.holding(ctx, body.id);
    const expiresAt = new Date(body.expiresAt);
    const before = { name: row.name, expiresAt: row.expiresAt.toISOString() };
    if (expiresAt.getTime() !== row.expiresAt.getTime()) {
      this.checkExpiry(expiresAt);
      const cp = { id: row.chargePointDbId, chargePointId: row.chargePointId };
      if (!(await this.deps.isConnected(cp.chargePointId))) {
        throw refuse(409, 'booking.chargerOffline', 'body.id', { chargePointId: cp.chargePointId });
      }
      const payload = {
        connectorId: row.connectorId,
        expiryDate: expiresAt.toISOString(),
        idTag: row.idTag,
        reservationId: row.id,
      };
      const sent = await this.deps.send(cp, 'ReserveNow', payload, {
        logged: payload,
        userId: ctx.actor.userId,
      });
      const answer = sent.ok ? statusOf(sent.answer) : null;
      if (answer !== 'Accepted') {
        await audit(this.db, ctx, {
          action: 'update',
          entity: 'booking',
          entityId: row.id,
          summary: {
            expiresAt: [before.expiresAt, expiresAt.toISOString()],
            answer,
            ...(sent.ok ? {} : { error: failure(sent) }),
          },
        });
        throw conflict('booking.notChanged', { answer: answer ?? (sent.ok ? '' : failure(sent)) });
      }
    }
    await this.db.transaction(async (tx) => {
      await repo.updateBooking(tx, row.id, { name: body.name, expiresAt, answer: 'Accepted' });
      await audit(tx, ctx, {
        action: 'update',
        entity: 'booking',
        entityId: row.id,
        summary: {
          ...(before.name !== body.name ? { name: [before.name, body.name] } : {}),
          ...(before.expiresAt !== expiresAt.toISOString()
            ? { expiresAt: [before.expiresAt, expiresAt.toISOString()] }
            : {}),
        },
      });
    });
    return this.get(ctx, row.id);
  }

  /**
   * Cancels a holding booking: CancelReservation, and the booking stops holding whatever the
   * charger answers. A charger that cannot be reached lets its reservation run out by itself at the
   * expiry it was given; the booking keeps why the message did not arrive.
   */
  async cancel(ctx: Ctx, id: number): Promise<Booking> {
    const row = await this.holding(ctx, id);
    const cp = { id: row.chargePointDbId, chargePointId: row.chargePointId };
    const payload = { reservationId: row.id };
    const sent = await this.deps.send(cp, 'CancelReservation', payload, {
      logged: payload,
      userId: ctx.actor.userId,
    });
    const answer = sent.ok ? statusOf(sent.answer) : null;
    await this.db.transaction(async (tx) => {
      const done = await repo.cancelIfHolding(tx, id, {
        answer,
        error: sent.ok ? null : failure(sent),
        cancelledAt: this.deps.clock.now(),
      });
      if (!done) throw conflict('booking.notHolding');
      await audit(tx, ctx, {
        action: 'cancel',
        entity: 'booking',
        entityId: id,
        summary: {
          chargePointId: row.chargePointId,
          connectorId: row.connectorId,
          answer,
          ...(sent.ok ? {} : { error: failure(sent) }),
        },
      });
    });
    return this.get(ctx, id);
  }

  /**
   * Holding bookings past their expiry become expired (the charger ends its reservation by itself
   * at the same time, so nothing is sent). Runs in the background.
   */
  async expire(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await repo.expireDue(tx, this.deps.clock.now());
      for (const b of due) {
        await audit(tx, NO_USER, {
          action: 'expire',
          entity: 'booking',
          entityId: b.id,
          summary: { connectorId: b.connectorId, idTag: b.idTag, expiresAt: b.expiresAt.toISOString() },
        });
      }
      return due.length;
    });
  }
}

/**
 * What a StartTransaction does with its reservationId, inside the start's own transaction
 * (sessions.ocpp.ts). OCPP 1.6 (Reserve Now): a charger refuses charging on a reserved connector
 * for every idTag but the reservation's, so a start that names another card's booking is refused
 * (Invalid) and leaves the booking holding.
 */
export const bookingStarts = {
  async find(tx: Tx, chargePointId: number, reservationId: number, idTag: string, at: Date) {
    const booking = await repo.bookingForStart(tx, chargePointId, reservationId, at);
    if (!booking) return null;
    return { id: booking.id, sameCard: booking.idTag.toUpperCase() === idTag.toUpperCase() };
  },
  async use(tx: Tx, bookingId: number, sessionId: number, at: Date) {
    await repo.markUsed(tx, bookingId, sessionId, at);
    await audit(tx, NO_USER, {
      action: 'use',
      entity: 'booking',
      entityId: bookingId,
      summary: { sessionId },
    });
  },
};
