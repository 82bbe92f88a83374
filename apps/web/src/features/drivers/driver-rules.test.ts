import { describe, expect, it } from 'vitest';
import { deleteBlock } from './driver-rules';

describe('driver changes the server would refuse', () => {
  it('does not delete a driver while one of their sessions runs', () => {
    expect(deleteBlock({ activeSessions: 1 })).toBe('activeSession');
    expect(deleteBlock({ activeSessions: 2 })).toBe('activeSession');
    expect(deleteBlock({ activeSessions: 0 })).toBeNull();
  });
});
