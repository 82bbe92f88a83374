import type { OcppLogEntry, OcppLogPair, OcppLogQuery, Page } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { answersTo, isCall, pageLogs, type OcppLogRow } from './ocpp-logs.repository.js';

type Query = z.output<typeof OcppLogQuery>;

function toEntry(r: OcppLogRow): OcppLogEntry {
  return {
    id: r.id,
    chargePointId: r.chargePointId,
    direction: r.direction as OcppLogEntry['direction'],
    messageType: r.messageType as OcppLogEntry['messageType'],
    messageId: r.messageId,
    action: r.action,
    payload: r.payload,
    at: r.at.toISOString(),
    responseTimeMs: r.responseTimeMs,
  };
}

/** The OCPP message log of the chargers in reach: frames one by one, or each CALL with its answer. */
export class OcppLogsService {
  constructor(private readonly db: Db) {}

  async page(actor: Actor, q: Query): Promise<Page<OcppLogEntry>> {
    const { items, total } = await pageLogs(this.db, actor, q);
    return { items: items.map(toEntry), total, index: q.index, size: q.size };
  }

  async pairs(actor: Actor, q: Query): Promise<Page<OcppLogPair>> {
    const { items, total } = await pageLogs(this.db, actor, q, isCall);
    const answers = await answersTo(this.db, items);
    const byKey = new Map(answers.map((a) => [`${a.chargePointId}\u0000${a.messageId}`, a]));
    const pairs = items.map((c) => {
      const answer = byKey.get(`${c.chargePointId}\u0000${c.messageId}`);
      return { request: toEntry(c), response: answer ? toEntry(answer) : null };
    });
    return { items: pairs, total, index: q.index, size: q.size };
  }
}
