import type { Permission } from '@voltline/contract';
import { useMe } from '../api/get-me';

/** What the signed-in user's roles allow (Me.permissions, computed by the server from the contract table). */
export function usePermissions(): ReadonlySet<Permission> {
  const { data } = useMe();
  return new Set(data?.permissions ?? []);
}

export function useCan(permission: Permission): boolean {
  return usePermissions().has(permission);
}
