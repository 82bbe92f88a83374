import { describe, expect, it } from 'vitest';
import { archiveBlock, connectorArchiveBlock, connectorDeleteBlock } from './archive-rules';

describe('charge point and connector changes the server would refuse', () => {
  it('does not archive a charge point while a session runs on it', () => {
    expect(archiveBlock({ archived: false, activeSessions: 1 })).toBe('activeSession');
    expect(archiveBlock({ archived: false, activeSessions: 0 })).toBeNull();
    // Restoring an archived one is not about sessions.
    expect(archiveBlock({ archived: true, activeSessions: 1 })).toBeNull();
  });

  it('does not archive a connector while it charges', () => {
    expect(connectorArchiveBlock({ archived: false, activeSessionId: 42 })).toBe('charging');
    expect(connectorArchiveBlock({ archived: false, activeSessionId: null })).toBeNull();
    expect(connectorArchiveBlock({ archived: true, activeSessionId: 42 })).toBeNull();
  });

  it('deletes only a connector that never charged', () => {
    expect(connectorDeleteBlock({ hasSessions: true })).toBe('hasSessions');
    expect(connectorDeleteBlock({ hasSessions: false })).toBeNull();
  });
});
