import { describe, expect, it } from 'vitest';
import type { Session } from '@voltline/contract';
import { costNote, isOpen } from './session-rules';

const at = '2025-03-01T10:00:00.000Z';

describe('which sessions are still open, for staff to close', () => {
  it('offers closing a running session and a refused one the charger has not stopped', () => {
    expect(isOpen({ state: 'active', stoppedAt: null })).toBe(true);
    expect(isOpen({ state: 'refused', stoppedAt: null })).toBe(true);
  });

  it('does not offer it once the session has ended', () => {
    expect(isOpen({ state: 'refused', stoppedAt: at })).toBe(false);
    expect(isOpen({ state: 'completed', stoppedAt: at })).toBe(false);
    expect(isOpen({ state: 'failed', stoppedAt: at })).toBe(false);
    expect(isOpen({ state: 'review', stoppedAt: at })).toBe(false);
  });
});

describe('what a session without a cost says', () => {
  it('says a refused session is not billed, whatever its tariff', () => {
    expect(costNote({ state: 'refused', tariff: null })).toBe('fields.notBilled');
  });

  it('says a held session is not billed until staff settle it, whatever its tariff', () => {
    expect(costNote({ state: 'review', tariff: {} as Session['tariff'] })).toBe('fields.heldForReview');
    expect(costNote({ state: 'review', tariff: null })).toBe('fields.heldForReview');
  });

  it('says a running session is billed when it ends, unless its connector has no tariff', () => {
    const tariff = {} as Session['tariff'];
    expect(costNote({ state: 'active', tariff })).toBe('fields.costPending');
    expect(costNote({ state: 'active', tariff: null })).toBe('fields.noTariff');
  });
});
