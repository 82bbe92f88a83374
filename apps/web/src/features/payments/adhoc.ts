import type { Payment } from '@voltline/contract';

export type AdhocFigures = NonNullable<Payment['adhoc']>;
export type AdhocFigureKey = 'hold' | 'captured' | 'released' | 'refunded' | 'uncollected';

/**
 * What can still be refunded. A line a card provider took (paid ad hoc) goes back through that
 * provider, which gives back at most what it captured less what it already refunded.
 */
export function refundable(p: Payment): number {
  const left = p.amount - p.refundedAmount;
  if (!p.adhoc) return Math.max(0, left);
  return Math.max(0, Math.min(left, p.adhoc.capturedAmount - p.adhoc.refundedAmount));
}

/**
 * The money of an ad-hoc card payment in the order it moved: the hold, what was captured of it,
 * what was released, what was refunded, and what the session cost beyond the hold, when it did.
 */
export function adhocFigures(a: AdhocFigures): { key: AdhocFigureKey; amount: number }[] {
  const rows: { key: AdhocFigureKey; amount: number }[] = [
    { key: 'hold', amount: a.holdAmount },
    { key: 'captured', amount: a.capturedAmount },
    { key: 'released', amount: a.releasedAmount },
    { key: 'refunded', amount: a.refundedAmount },
  ];
  if (a.uncollectedAmount > 0) rows.push({ key: 'uncollected', amount: a.uncollectedAmount });
  return rows;
}
