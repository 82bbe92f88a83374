import type { Locale, Permission, Role } from '@voltline/contract';
import { permissionsOf } from '@voltline/contract';
import { like, type SQL, type Column } from 'drizzle-orm';

/** Who is acting: the signed-in portal user, resolved once per request. */
export interface Actor {
  userId: number;
  email: string;
  name: string;
  surname: string;
  operatorId: number;
  operatorName: string;
  /** Materialised path of the user's operator; the user's reach is this subtree. */
  operatorPath: string;
  roles: Role[];
  permissions: Set<Permission>;
  isAdmin: boolean;
  sessionId: string;
  locale: string | null;
  /**
   * Set when an API key acts (issue #32): the key's id and name. `userId` is then the key's
   * creator, for the records that name who asked; the audit line names the key.
   */
  apiKey?: { id: number; name: string };
}

/** Everything a service needs to know about the request it serves, with no HTTP types. */
export interface Ctx {
  actor: Actor;
  ip: string | null;
  userAgent: string | null;
  locale: Locale;
}

export function makeActor(row: {
  userId: number;
  email: string;
  name: string;
  surname: string;
  operatorId: number;
  operatorName: string;
  operatorPath: string;
  roles: string[];
  sessionId: string;
  locale: string | null;
}): Actor {
  const roles = row.roles as Role[];
  return { ...row, roles, permissions: permissionsOf(roles), isAdmin: roles.includes('Admin') };
}

/**
 * The tenant filter for any table joined to operators: Admin sees everything, everyone else
 * their own operator's subtree. Every repository query that reads tenant data passes through here.
 */
export function inScope(actor: Actor, operatorPath: Column | SQL): SQL | undefined {
  if (actor.isAdmin) return undefined;
  return like(operatorPath, `${actor.operatorPath}%`);
}

export function pathInReach(actor: Actor, path: string): boolean {
  return actor.isAdmin || path.startsWith(actor.operatorPath);
}
