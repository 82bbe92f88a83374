import { describe, expect, it } from 'vitest';
import { REVIEW_REASONS, ReviewSessionBody } from '@voltline/contract';
import en from '../../../public/locales/en/sessions.json';
import tr from '../../../public/locales/tr/sessions.json';
import {
  initialReviewValues,
  isHeld,
  reasonKeys,
  reviewBody,
  stopBeforeStart,
  METER_MAX_WH,
} from './review-rules';

const stopped = '2025-03-01T10:01:00.000Z';

describe('which sessions staff settle', () => {
  it('offers review only for a held session', () => {
    expect(isHeld({ state: 'review' })).toBe(true);
    for (const state of ['active', 'completed', 'failed', 'refused'] as const) {
      expect(isHeld({ state })).toBe(false);
    }
  });
});

describe('why a session is held, in words', () => {
  it('names each reason once, in the same order whatever order the server sent them', () => {
    expect(reasonKeys(['energyBeyondPower', 'negativeMeter', 'energyBeyondPower'])).toEqual([
      'review.reasons.negativeMeter',
      'review.reasons.energyBeyondPower',
    ]);
  });

  it('says nothing for a session that is not held', () => {
    expect(reasonKeys([])).toEqual([]);
  });

  it('has words for every reason of the contract, and for the state, in English and Turkish', () => {
    for (const catalog of [en, tr]) {
      const reasons: Record<string, string> = catalog.review.reasons;
      for (const reason of REVIEW_REASONS) expect(reasons[reason]).toBeTruthy();
      expect(catalog.states.review).toBeTruthy();
    }
    expect(en.states.review).toBe('Held for review');
  });
});

describe('what the review dialog starts from', () => {
  it('starts from the readings as sent, on release', () => {
    expect(initialReviewValues({ meterStart: 120, meterStop: 5300 })).toEqual({
      action: 'release',
      meterStart: 120,
      meterStop: 5300,
    });
  });

  it('leaves out readings no one may enter: negative, fractional, beyond 1 TWh, missing', () => {
    expect(initialReviewValues({ meterStart: -5, meterStop: METER_MAX_WH + 1 })).toMatchObject({
      meterStart: undefined,
      meterStop: undefined,
    });
    expect(initialReviewValues({ meterStart: 0.5, meterStop: null })).toMatchObject({
      meterStart: undefined,
      meterStop: undefined,
    });
    expect(initialReviewValues({ meterStart: 0, meterStop: METER_MAX_WH })).toMatchObject({
      meterStart: 0,
      meterStop: METER_MAX_WH,
    });
  });
});

describe('a meter stop before its start', () => {
  it('is refused before anything is sent; equal readings (no energy) are fine', () => {
    expect(stopBeforeStart(5000, 4999)).toBe(true);
    expect(stopBeforeStart(5000, 5000)).toBe(false);
    expect(stopBeforeStart(undefined, 10)).toBe(false);
    expect(stopBeforeStart(0, null)).toBe(false);
  });
});

describe('the review request', () => {
  it('releases with the trimmed note only, even if readings were typed before switching', () => {
    const body = reviewBody(
      { action: 'release', note: '  Checked on site  ', meterStart: 0, meterStop: 10, stoppedAt: stopped },
      stopped,
    );
    expect(body).toEqual({ action: 'release', note: 'Checked on site' });
    expect(ReviewSessionBody.safeParse(body).success).toBe(true);
  });

  it('corrects with both readings, and no stop time when staff left it as stored', () => {
    const body = reviewBody(
      { action: 'correct', note: 'Meter photo', meterStart: 0, meterStop: 5000, stoppedAt: stopped },
      '2025-03-01T10:01:00Z',
    );
    expect(body).toEqual({ action: 'correct', note: 'Meter photo', meterStart: 0, meterStop: 5000 });
    expect(ReviewSessionBody.safeParse(body).success).toBe(true);
  });

  it('sends a changed stop time as an ISO time the contract accepts', () => {
    const body = reviewBody(
      {
        action: 'correct',
        note: 'Stop time from the site log',
        meterStart: 10,
        meterStop: 20,
        stoppedAt: '2025-03-01T12:30:00+03:00',
      },
      stopped,
    );
    expect(body.stoppedAt).toBe('2025-03-01T09:30:00.000Z');
    expect(ReviewSessionBody.safeParse(body).success).toBe(true);
  });

  it('sends a stop time for a session stored without one', () => {
    const body = reviewBody(
      { action: 'correct', note: 'abc', meterStart: 1, meterStop: 2, stoppedAt: stopped },
      null,
    );
    expect(body.stoppedAt).toBe(stopped);
  });

  it('leaves out a reading left empty, so the server names the field that is missing', () => {
    const body = reviewBody({ action: 'correct', note: 'abc', meterStart: 1, meterStop: null }, null);
    expect(body).toEqual({ action: 'correct', note: 'abc', meterStart: 1 });
    const parsed = ReviewSessionBody.safeParse(body);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['meterStop']);
  });
});
