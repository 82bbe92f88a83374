import type { MeterPoint, Session, SessionFilter, SessionPage } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import {
  exportSessions,
  findSession,
  meterSeries,
  pageSessions,
  toSession,
  totals,
} from './sessions.query.js';
import { closeStaleSessions, STALE_STOP_REASON } from './stale.js';

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

  async meterValues(actor: Actor, id: number): Promise<MeterPoint[]> {
    const row = await findSession(this.deps.db, actor, id);
    if (!row) throw notFound('session');
    return meterSeries(this.deps.db, row.s.id);
  }

  staleRule() {
    return { hours: this.deps.staleHours, stopReason: STALE_STOP_REASON };
  }

  /** Closes the sessions the stale rule catches now; run every 10 minutes by the job scheduler. */
  closeStale(): Promise<number[]> {
    return closeStaleSessions(this.deps.db, this.deps.staleHours, this.deps.clock.now());
  }
}
