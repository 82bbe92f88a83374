import { describe, expect, it } from 'vitest';
import { SESSION_UPDATE_EVERY_MS, SessionUpdateClock } from './session-events.js';

// A running session tells of its figures (`session.updated`) at most once a minute. The writer
// asks whether a session is due inside its transaction; a transaction that rolls back (a group
// commit that failed is written again in parts) must leave the session due, or its update is lost.

describe('the session.updated clock', () => {
  it('keeps a session due until its update was committed, then not for a minute', () => {
    const clock = new SessionUpdateClock();
    const t0 = 1_000_000;
    expect(clock.due(7, t0)).toBe(true);
    // The batch that wrote the update rolled back: asked again, the session is still due.
    expect(clock.due(7, t0 + 10)).toBe(true);
    clock.told([7], t0 + 20);
    expect(clock.due(7, t0 + 30)).toBe(false);
    expect(clock.due(8, t0 + 30)).toBe(true);
    expect(clock.due(7, t0 + 20 + SESSION_UPDATE_EVERY_MS)).toBe(true);
  });
});
