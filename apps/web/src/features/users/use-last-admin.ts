import type { User } from '@voltline/contract';
import { useActiveAdminCount } from './api/get-active-admin-count';
import { isLastActiveAdmin, needsAdminCount } from './user-rules';

/** Whether `user` is the last active Admin; the count is asked for only when it could be. */
export function useIsLastAdmin(user: Pick<User, 'roles' | 'active'> | undefined): boolean {
  const count = useActiveAdminCount(needsAdminCount(user));
  return user ? isLastActiveAdmin(user, count.data) : false;
}
