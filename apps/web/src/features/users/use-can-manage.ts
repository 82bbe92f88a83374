import { assignableRoles, type User } from '@voltline/contract';
import { useMe } from '../../api/get-me';
import { useCan } from '../../hooks/use-permission';

/**
 * Whether the signed-in user may change `user`: users:write, and every role the target holds is
 * one the signed-in user may hand out (a Main Operator does not edit an Admin).
 */
export function useCanManage(user: Pick<User, 'roles'> | undefined): boolean {
  const canWrite = useCan('users:write');
  const { data: me } = useMe();
  if (!canWrite || !user || !me) return false;
  const mine = assignableRoles(me.roles);
  return user.roles.every((r) => mine.includes(r));
}
