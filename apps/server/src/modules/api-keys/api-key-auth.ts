import { PERMISSIONS, ROLE_PERMISSIONS, ROLES, type Permission, type Role } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Actor } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { addressAllowed, hashSecret } from './api-key-secret.js';
import * as repo from './api-keys.repository.js';

const isRole = (r: string | null): r is Role => r !== null && (ROLES as readonly string[]).includes(r);
const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/** What a key may do: its role's permissions as the table says today, or its own narrower list. */
export function keyPermissions(row: { role: string | null; permissions: string[] }): Permission[] {
  return isRole(row.role) ? [...ROLE_PERMISSIONS[row.role]] : row.permissions.filter(isPermission);
}

/**
 * The actor of a request that carries an API key. The key is read from the database on every
 * request, so a revocation holds at once in every process; its last use is written at most once
 * a minute.
 */
export class ApiKeyAuth {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async actorOf(secret: string, ip: string): Promise<Actor> {
    const row = await repo.findBySecretHash(this.db, hashSecret(secret));
    const now = this.clock.now();
    if (!row || row.operatorArchivedAt) throw new AppError(401, 'apiKey.invalid');
    if (row.revokedAt) throw new AppError(401, 'apiKey.revoked');
    // The secret before a rotation works until the overlap the rotation chose ends.
    if (!row.current && !(row.previousValidUntil && row.previousValidUntil > now)) {
      throw new AppError(401, 'apiKey.invalid');
    }
    if (row.expiresAt <= now) throw new AppError(401, 'apiKey.expired');
    if (!addressAllowed(ip, row.allowedIps)) throw new AppError(403, 'apiKey.sourceRefused');
    await repo.touchLastUsed(this.db, row.id, now);
    const roles = isRole(row.role) ? [row.role] : [];
    return {
      // Records that name who asked (a command, a top-up) name the key's creator; the audit
      // line names the key.
      userId: row.createdById,
      email: '',
      name: row.name,
      surname: '',
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      operatorPath: row.operatorPath,
      roles,
      permissions: new Set(keyPermissions(row)),
      isAdmin: roles.includes('Admin'),
      sessionId: '',
      locale: null,
      apiKey: { id: row.id, name: row.name },
    };
  }
}
