import {
  OPERATOR_CLOSE_REASON,
  type ReviewSessionBody,
  type MeterPoint,
  type Session,
  type SessionFilter,
  type SessionPage,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor, Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { closeAtLastReading, isOpen } from './close.js';
import { charge, impossibleReadings } from './review.js';
import * as repo from './sessions.repository.js';
import { usageSamples, type SessionUsage } from './usage.repository.js';
import {
  exportSessions,
  findSession,
  findSessionById,
  meterSeries,
  pageSessions,
  toSession,
  totals,
} from './sessions.query.js';
import { closeStaleSessions } from './stale.js';
import { CLOSED_WITHOUT_STOP, STALE_STOP_REASON } from './stop-reasons.js';

type Filter = z.output<typeof SessionFilter>;

/** The sessions report: pages with totals, exports, one session's meter curve, and the stale rule. */
export class SessionsService {
  constructor(private readonly deps: { db: Db; clock: Clock; staleHours: number }) {}

  async page(actor: Actor, f: Filter, index: number, size: number): Promise<SessionPage> {
    const [rows, sums] = await Promise.all([
      pageSessions(this.deps.db, actor, f, index * size, size),
      totals(this.deps.db, actor, f),
    ]);
    return { items: rows.map(toSession), total: sums.sessions, index, size, totals: sums };
  }

  exportRows(actor: Actor, f: Filter): AsyncIterable<Session> {
    return exportSessions(this.deps.db, actor, f);
  }

  async get(actor: Actor, id: number): Promise<Session> {
    const row = await findSession(this.deps.db, actor, id);
    if (!row) throw notFound('session');
    return toSession(row);
  }

  /** A session for Voltline's own flows (an ad-hoc payment's receipt): no user's scope applies. */
  async getOwn(id: number): Promise<Session> {
    const row = await findSessionById(this.deps.db, id);
    if (!row) throw notFound('session');
    return toSession(row);
  }

  /**
   * What a session's bill was priced by beside its figures: its meter samples and when charging
   * ended (a receipt's lines are priced again from them). Read by Voltline's own flows, after the
   * caller found the session in the user's reach.
   */
  async usageOf(id: number): Promise<SessionUsage> {
    const row = await findSessionById(this.deps.db, id);
    if (!row) throw notFound('session');
    return { samples: await usageSamples(this.deps.db, row.s), chargingEndedAt: row.s.chargingEndedAt };
  }

  async meterValues(actor: Actor, id: number): Promise<MeterPoint[]> {
    const row = await findSession(this.deps.db, actor, id);
    if (!row) throw notFound('session');
    return meterSeries(this.deps.db, row.s.id);
  }

  /**
   * Staff close a session whose charger never sent StopTransaction: it ends at its last reading
   * and is billed by it (a refused one is closed unbilled). If the charger's own Stop arrives
   * later, it settles the session once with the charger's figures (sessions.ocpp.ts).
   */
  async close(ctx: Ctx, id: number, reason: string): Promise<{ session: Session; billed: boolean }> {
    const billed = await this.deps.db.transaction(async (tx) => {
      const found = await findSession(tx, ctx.actor, id);
      if (!found) throw notFound('session');
      const s = await repo.lockSession(tx, found.s.chargePointId, id);
      if (!s) throw notFound('session');
      if (!isOpen(s)) throw new AppError(409, 'session.notOpen');
      const after = await closeAtLastReading(tx, s, {
        stopReason: OPERATOR_CLOSE_REASON,
        stoppedAt: s.updatedAt,
        closeNote: reason,
      });
      await audit(tx, ctx, {
        action: 'close',
        entity: 'session',
        entityId: id,
        summary: { reason, state: after?.state, energyWh: after?.energyWh, cost: after?.cost ?? null },
      });
      return s.state !== 'refused';
    });
    return { session: await this.get(ctx.actor, id), billed };
  }

  /**
   * Staff settle a session held for review: `release` bills the readings as the charger sent
   * them; `correct` replaces them with what staff checked, then bills. The session takes the
   * state it would have had (failed when it was closed without its charger's Stop). One
   * transaction: a cost that cannot be billed exactly changes nothing.
   */
  async review(ctx: Ctx, id: number, body: ReviewSessionBody): Promise<Session> {
    await this.deps.db.transaction(async (tx) => {
      const found = await findSession(tx, ctx.actor, id);
      if (!found) throw notFound('session');
      const s = await repo.lockSession(tx, found.s.chargePointId, id);
      if (!s) throw notFound('session');
      if (s.state !== 'review') throw new AppError(409, 'session.notHeld');
      const state = CLOSED_WITHOUT_STOP.has(s.stopReason ?? '') ? 'failed' : 'completed';
      let figures = {};
      if (body.action === 'correct') {
        const meterStart = body.meterStart ?? s.correctedMeterStart ?? s.meterStart;
        const meterStop = body.meterStop ?? s.meterStop ?? meterStart;
        const stoppedAt = body.stoppedAt ? new Date(body.stoppedAt) : s.stoppedAt;
        if (stoppedAt && stoppedAt < s.startedAt) {
          throw new AppError(400, 'session.stopBeforeStart', {}, [
            { field: 'body.stoppedAt', key: 'session.stopBeforeStart' },
          ]);
        }
        // Staff's figures must be possible too: a typo of three zeros is not billed.
        const maxPowerW = await repo.connectorMaxPowerW(tx, s.chargePointId, s.connectorId);
        const still = impossibleReadings({ ...s, meterStart, meterStop, stoppedAt }, maxPowerW);
        if (still.length > 0) {
          throw new AppError(400, 'session.correctionImpossible', {}, [
            { field: 'body.meterStop', key: 'session.correctionImpossible' },
          ]);
        }
        // meter_start stays as the charger sent it: with the start time it recognises a resent Start.
        figures = {
          correctedMeterStart: meterStart,
          meterStop,
          lastMeterWh: meterStop,
          energyWh: meterStop - meterStart,
          stoppedAt,
        };
      }
      const row = await repo.completeSession(tx, id, { state, reviewNote: body.note, ...figures });
      if (!row) throw notFound('session');
      await charge(tx, row);
      const after = await repo.lockSession(tx, s.chargePointId, id);
      const readings = (r: repo.SessionRow | undefined) => ({
        meterStart: r?.correctedMeterStart ?? r?.meterStart,
        meterStop: r?.meterStop,
        stoppedAt: r?.stoppedAt?.toISOString() ?? null,
        energyWh: r?.energyWh,
        cost: r?.cost ?? null,
      });
      await audit(tx, ctx, {
        action: body.action === 'release' ? 'releaseReview' : 'correctReview',
        entity: 'session',
        entityId: id,
        summary: { note: body.note, reasons: s.reviewReasons, before: readings(s), after: readings(after) },
      });
    });
    return this.get(ctx.actor, id);
  }

  staleRule() {
    return { hours: this.deps.staleHours, stopReason: STALE_STOP_REASON };
  }

  /** Closes the sessions the stale rule catches now; run every 10 minutes by the job scheduler. */
  closeStale(): Promise<number[]> {
    return closeStaleSessions(this.deps.db, this.deps.staleHours, this.deps.clock.now());
  }
}
