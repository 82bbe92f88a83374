import { assignableRoles, ROLE_PERMISSIONS, type Permission, type Role } from '@voltline/contract';

/**
 * The roles a user may give a key: those the user could give a person, whose every permission the
 * user holds (the server refuses anything more).
 */
export function grantableRoles(roles: readonly Role[], held: ReadonlySet<Permission>): Role[] {
  return assignableRoles(roles).filter((r) => ROLE_PERMISSIONS[r].every((p) => held.has(p)));
}
