import { describe, expect, it } from 'vitest';
import type { Payment } from '@voltline/contract';
import { adhocFigures, refundable } from './adhoc';

const line: Payment = {
  id: 7,
  pgTranId: 'VL-SES-12',
  kind: 'session',
  driverId: null,
  driverName: null,
  operatorId: 2,
  sessionId: 12,
  amount: 42_000,
  refundedAmount: 0,
  currency: 'TRY',
  state: 'completed',
  gateway: 'stripe',
  createdAt: '2026-11-27T10:00:00.000Z',
};
const adhoc = {
  reference: 'VLPAY7',
  provider: 'stripe',
  holdAmount: 50_000,
  capturedAmount: 42_000,
  releasedAmount: 8_000,
  refundedAmount: 0,
  uncollectedAmount: 0,
};

describe('refundable amount', () => {
  it('is what was paid less what was refunded for a line without a card provider', () => {
    expect(refundable({ ...line, refundedAmount: 2_000 })).toBe(40_000);
  });

  it('is what the provider captured less what it refunded for a line paid ad hoc', () => {
    const partly = { ...adhoc, refundedAmount: 12_000 };
    expect(refundable({ ...line, refundedAmount: 12_000, adhoc: partly })).toBe(30_000);
    // A session that cost more than the hold: only the captured hold can go back to the card.
    const over = { ...adhoc, capturedAmount: 50_000, releasedAmount: 0, uncollectedAmount: 7_000 };
    expect(refundable({ ...line, amount: 57_000, adhoc: over })).toBe(50_000);
  });

  it('is never below zero', () => {
    expect(refundable({ ...line, adhoc: { ...adhoc, refundedAmount: 42_000 } })).toBe(0);
  });
});

describe('ad-hoc figures', () => {
  it('lists hold, captured, released and refunded, leaving out an uncollected zero', () => {
    expect(adhocFigures(adhoc)).toEqual([
      { key: 'hold', amount: 50_000 },
      { key: 'captured', amount: 42_000 },
      { key: 'released', amount: 8_000 },
      { key: 'refunded', amount: 0 },
    ]);
  });

  it('adds what the session cost beyond the hold', () => {
    expect(adhocFigures({ ...adhoc, uncollectedAmount: 7_000 }).at(-1)).toEqual({
      key: 'uncollected',
      amount: 7_000,
    });
  });
});
