import type { OcppLogEntry, OcppLogPair, OcppLogQuery, Page } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/context.js';
import { cutToBytes, isTruncated } from '../../lib/frame-payload.js';
import { answersTo, isCall, pageLogs, type OcppLogRow } from './ocpp-logs.repository.js';

type Query = z.output<typeof OcppLogQuery>;

/** The payload as a page shows it: whole, or (a large frame) its first part with its size. */
function shown(r: OcppLogRow, maxBytes: number): Pick<OcppLogEntry, 'payload' | 'truncated'> {
  if (r.prefix !== null) {
    return { payload: cutToBytes(r.prefix, maxBytes), truncated: { size: r.oversize ?? 0, sha256: null } };
  }
  if (isTruncated(r.payload)) {
    const { prefix, size, sha256 } = r.payload;
    return { payload: prefix, truncated: { size, sha256 } };
  }
  return { payload: r.payload, truncated: null };
}

function toEntry(r: OcppLogRow, maxBytes: number): OcppLogEntry {
  return {
    id: r.id,
    chargePointId: r.chargePointId,
    direction: r.direction as OcppLogEntry['direction'],
    messageType: r.messageType as OcppLogEntry['messageType'],
    messageId: r.messageId,
    action: r.action,
    at: r.at.toISOString(),
    responseTimeMs: r.responseTimeMs,
    ...shown(r, maxBytes),
  };
}

/** The OCPP message log of the chargers in reach: frames one by one, or each CALL with its answer. */
export class OcppLogsService {
  /** `maxBytes`: the most of one row's payload a page returns (OCPP_LOG_FRAME_BYTES). */
  constructor(
    private readonly db: Db,
    private readonly maxBytes = 16_384,
  ) {}

  async page(actor: Actor, q: Query): Promise<Page<OcppLogEntry>> {
    const { items, total } = await pageLogs(this.db, actor, q, this.maxBytes);
    return { items: items.map((r) => toEntry(r, this.maxBytes)), total, index: q.index, size: q.size };
  }

  async pairs(actor: Actor, q: Query): Promise<Page<OcppLogPair>> {
    const { items, total } = await pageLogs(this.db, actor, q, this.maxBytes, isCall);
    const answers = await answersTo(this.db, items, this.maxBytes);
    const byKey = new Map(answers.map((a) => [`${a.chargePointId}\u0000${a.messageId}`, a]));
    const pairs = items.map((c) => {
      const answer = byKey.get(`${c.chargePointId}\u0000${c.messageId}`);
      return {
        request: toEntry(c, this.maxBytes),
        response: answer ? toEntry(answer, this.maxBytes) : null,
      };
    });
    return { items: pairs, total, index: q.index, size: q.size };
  }
}
