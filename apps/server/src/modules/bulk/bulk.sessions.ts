import { BULK_MAX, SessionFilter, type BulkResult, type SessionBulkBody } from '@voltline/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import { runRows, summed, tooMany, unreached, type Refusal, type RowAnswer } from './bulk.run.js';

type SessionBody = z.output<typeof SessionBulkBody>;

/**
 * Closes many sessions whose chargers never sent their Stop, each as its own Close does (at its
 * last reading, with the one reason, audited); a session that is not running is refused in words.
 */
export async function closeSessions(
  sessions: SessionsService,
  ctx: Ctx,
  body: SessionBody,
  refusal: Refusal,
): Promise<BulkResult> {
  const sel = body.selection;
  const filter = sel.mode === 'ids' ? SessionFilter.parse({ ids: sel.ids }) : sel.filter;
  const found = await sessions.page(ctx.actor, filter, 0, BULK_MAX);
  tooMany(found.total);
  const rows = found.items.map((s) => ({
    id: s.id,
    label: `${s.id} · ${s.chargePointId}`,
  }));
  const missing = sel.mode === 'ids' ? unreached(ctx, sel.ids, rows) : [];
  const done = await runRows(
    ctx,
    rows,
    1,
    async (row): Promise<RowAnswer> => {
      const { billed } = await sessions.close(ctx, row.id, body.reason);
      return { outcome: 'done', key: billed ? 'session.closed' : 'session.closedRefused' };
    },
    (row, outcome, why) => refusal(body.action, 'session', row.id, outcome, why),
  );
  return summed([...done, ...missing]);
}
