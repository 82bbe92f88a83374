import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { cardBody } from './form-values';

describe('the card form', () => {
  it('C09 sends the card group as typed, and an empty group as none', () => {
    const expiry = dayjs('2030-05-01T10:00:00');
    expect(
      cardBody({ number: 'FLT-1', status: 'active', groupIdToken: ' FLEET-9 ', expiresAt: expiry }),
    ).toEqual({
      number: 'FLT-1',
      name: null,
      status: 'active',
      expiresAt: expiry.endOf('day').toISOString(),
      groupIdToken: 'FLEET-9',
    });
    expect(cardBody({ number: 'FLT-2', status: 'blocked', groupIdToken: '' }).groupIdToken).toBeNull();
    expect(cardBody({ number: 'FLT-3', status: 'active' }).groupIdToken).toBeNull();
  });
});
