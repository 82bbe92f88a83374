import { BULK_MAX, type BulkResult, type BulkRowResult } from '@voltline/contract';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { translate, type MessageKey } from '../../lib/messages.js';

/** One row a bulk action is for, as the list shows it. */
export interface BulkRow {
  id: number;
  label: string;
}

/** What one row's action answered: the words to show and whether it was done or refused. */
export interface RowAnswer {
  outcome: 'done' | 'refused';
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Runs one action per row, `concurrency` at a time, and says per row what became of it. A domain
 * refusal (an AppError below 500: offline, not allowed, in use) is the row's refusal in the user's
 * words; anything else is the row's failure. One row's trouble never stops the others.
 */
export async function runRows<R extends BulkRow>(
  ctx: Ctx,
  rows: readonly R[],
  concurrency: number,
  act: (row: R) => Promise<RowAnswer>,
  onTrouble?: (row: R, outcome: 'refused' | 'failed', key: string) => Promise<void>,
): Promise<BulkRowResult[]> {
  const results: BulkRowResult[] = new Array<BulkRowResult>(rows.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < rows.length; i = next++) {
      const row = rows[i] as R;
      results[i] = await one(ctx, row, act, onTrouble);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  return results;
}

async function one<R extends BulkRow>(
  ctx: Ctx,
  row: R,
  act: (row: R) => Promise<RowAnswer>,
  onTrouble?: (row: R, outcome: 'refused' | 'failed', key: string) => Promise<void>,
): Promise<BulkRowResult> {
  const said = (
    outcome: BulkRowResult['outcome'],
    key: MessageKey,
    params?: Record<string, string | number>,
  ) => ({
    id: row.id,
    label: row.label,
    outcome,
    message: translate(ctx.locale, key, params),
  });
  try {
    const answer = await act(row);
    if (answer.outcome === 'refused') await onTrouble?.(row, 'refused', answer.key);
    return said(answer.outcome, answer.key, answer.params);
  } catch (err) {
    const refused = err instanceof AppError && err.status < 500;
    const outcome = refused ? 'refused' : 'failed';
    const key: MessageKey = err instanceof AppError ? err.key : 'error.generic';
    await onTrouble?.(row, outcome, key).catch(() => undefined);
    return said(outcome, key, err instanceof AppError ? err.params : undefined);
  }
}

/** Rows asked for by id that the caller cannot reach: refused, each in words, nothing touched. */
export function unreached(ctx: Ctx, asked: readonly number[], found: readonly BulkRow[]): BulkRowResult[] {
  const seen = new Set(found.map((r) => r.id));
  return asked
    .filter((id) => !seen.has(id))
    .map((id) => ({
      id,
      label: `#${id}`,
      outcome: 'refused' as const,
      message: translate(ctx.locale, 'bulk.notInReach'),
    }));
}

export function summed(rows: BulkRowResult[]): BulkResult {
  const n = (o: BulkRowResult['outcome']) => rows.filter((r) => r.outcome === o).length;
  return { rows, done: n('done'), refused: n('refused'), failed: n('failed') };
}

/** A selection above BULK_MAX is refused before any row is touched. */
export function tooMany(total: number) {
  if (total > BULK_MAX) throw new AppError(400, 'bulk.tooMany', { count: total, max: BULK_MAX });
}

/** What a bulk action may refuse a row of, for its audit line. */
export type RefusedEntity = 'chargePoint' | 'connector' | 'driver' | 'rfidCard' | 'session';

/** Leaves the audit line of a row refused or failed before its service changed anything. */
export type Refusal = (
  action: string,
  entity: RefusedEntity,
  entityId: string | number,
  outcome: 'refused' | 'failed',
  reason: string,
) => Promise<void>;
