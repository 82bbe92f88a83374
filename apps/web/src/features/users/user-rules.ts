import type { User } from '@voltline/contract';

/**
 * What the server refuses to do to a user (409 in users.service), asked before offering it: nobody
 * deletes themselves, and the last active Admin keeps the Admin role, stays active and is not deleted.
 */
export type UserBlock = 'self' | 'lastAdmin';

type Target = Pick<User, 'id' | 'roles' | 'active'>;

/** `activeAdmins`: how many active Admins there are; undefined while unknown. */
export function isLastActiveAdmin(
  user: Pick<User, 'roles' | 'active'>,
  activeAdmins: number | undefined,
): boolean {
  return user.active && user.roles.includes('Admin') && activeAdmins !== undefined && activeAdmins <= 1;
}

export function deleteBlock(
  user: Target,
  meId: number | undefined,
  activeAdmins: number | undefined,
): UserBlock | null {
  if (user.id === meId) return 'self';
  if (isLastActiveAdmin(user, activeAdmins)) return 'lastAdmin';
  return null;
}

/** Whether the count of active Admins matters for this user (only an active Admin can be the last). */
export const needsAdminCount = (user: Pick<User, 'roles' | 'active'> | undefined): boolean =>
  Boolean(user?.active && user.roles.includes('Admin'));
