import { describe, expect, it } from 'vitest';
import { deleteBlock, isLastActiveAdmin, needsAdminCount } from './user-rules';

const admin = { id: 1, roles: ['Admin' as const], active: true };
const finance = { id: 2, roles: ['Finance' as const], active: true };

describe('user changes the server would refuse', () => {
  it('never offers a user to delete themselves', () => {
    expect(deleteBlock(finance, 2, 3)).toBe('self');
    expect(deleteBlock(finance, 1, 3)).toBeNull();
  });

  it('keeps the last active Admin', () => {
    expect(isLastActiveAdmin(admin, 1)).toBe(true);
    expect(deleteBlock(admin, 9, 1)).toBe('lastAdmin');
    expect(isLastActiveAdmin(admin, 2)).toBe(false);
    expect(deleteBlock(admin, 9, 2)).toBeNull();
  });

  it('does not count inactive Admins or other roles, nor guess while the count is unknown', () => {
    expect(isLastActiveAdmin({ ...admin, active: false }, 1)).toBe(false);
    expect(isLastActiveAdmin(finance, 1)).toBe(false);
    expect(isLastActiveAdmin(admin, undefined)).toBe(false);
    expect(needsAdminCount(admin)).toBe(true);
    expect(needsAdminCount(finance)).toBe(false);
    expect(needsAdminCount(undefined)).toBe(false);
  });
});
