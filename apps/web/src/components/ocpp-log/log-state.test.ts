import { describe, expect, it } from 'vitest';
import { INITIAL_LOG_STATE, logStateFromParams, logStateToParams } from './log-state';

describe('OCPP log address', () => {
  it('keeps filters, page, view and live refresh through the address', () => {
    const state = {
      filter: {
        StartDate: '2025-01-01T00:00:00.000Z',
        EndDate: '2025-01-02T00:00:00.000Z',
        ChargePointId: 'IST-01',
        Types: 'BootNotification,CALLERROR',
      },
      index: 3,
      view: 'pairs' as const,
      live: false,
    };
    expect(logStateFromParams(logStateToParams(state))).toEqual(state);
  });

  it('starts on live frames of every charge point', () => {
    expect(logStateFromParams(new URLSearchParams(''))).toEqual(INITIAL_LOG_STATE);
    expect(logStateToParams(INITIAL_LOG_STATE).toString()).toBe('');
  });
});
