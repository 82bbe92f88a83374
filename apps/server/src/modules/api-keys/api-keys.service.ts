import {
  assignableRoles,
  type ApiKey,
  type ApiKeyState,
  type ApiKeyWithSecret,
  type CreateApiKeyBody,
  type Role,
  type RotateApiKeyBody,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { operatorInReach } from '../operators/reach.js';
import { keyPermissions } from './api-key-auth.js';
import { newSecret } from './api-key-secret.js';
import * as repo from './api-keys.repository.js';

type CreateInput = z.output<typeof CreateApiKeyBody>;
type RotateInput = z.output<typeof RotateApiKeyBody>;

/** API keys: created for an operator in reach with no more than the creator holds, rotated, revoked. */
export class ApiKeysService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private state(row: repo.ApiKeyRow): ApiKeyState {
    if (row.revokedAt) return 'revoked';
    return row.expiresAt <= this.clock.now() ? 'expired' : 'active';
  }

  private toApiKey(row: repo.ApiKeyRow): ApiKey {
    const now = this.clock.now();
    const overlap = row.previousValidUntil && row.previousValidUntil > now ? row.previousValidUntil : null;
    return {
      id: row.id,
      name: row.name,
      operatorId: row.operatorId,
      operatorName: row.operatorName,
      role: (row.role as Role | null) ?? null,
      permissions: keyPermissions(row),
      prefix: row.prefix,
      allowedIps: row.allowedIps,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      previousValidUntil: row.revokedAt ? null : (overlap?.toISOString() ?? null),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      state: this.state(row),
    };
  }

  async list(ctx: Ctx): Promise<ApiKey[]> {
    return (await repo.listApiKeys(this.db, ctx.actor)).map((r) => this.toApiKey(r));
  }

  /** A key gets no role the creator could not give a user, and no permission the creator lacks. */
  /** A key gives no more than its maker holds: its role one they may hand out, its permissions theirs. */
  private checkGrant(ctx: Ctx, body: Pick<CreateInput, 'role' | 'permissions'>) {
    if (body.role && !assignableRoles(ctx.actor.roles).includes(body.role)) {
      throw new AppError(403, 'user.roleNotAssignable', { role: body.role }, [
        { field: 'body.role', key: 'user.roleNotAssignable', params: { role: body.role } },
      ]);
    }
    const wanted = keyPermissions({ role: body.role ?? null, permissions: body.permissions ?? [] });
    const missing = wanted.find((p) => !ctx.actor.permissions.has(p));
    if (missing) {
      const field = body.role ? 'body.role' : 'body.permissions';
      throw new AppError(403, 'apiKey.permissionNotHeld', { permission: missing }, [
        { field, key: 'apiKey.permissionNotHeld', params: { permission: missing } },
      ]);
    }
  }

  async create(ctx: Ctx, body: CreateInput): Promise<ApiKeyWithSecret> {
    this.checkGrant(ctx, body);
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt <= this.clock.now()) {
      throw new AppError(400, 'apiKey.expiryPast', {}, [
        { field: 'body.expiresAt', key: 'apiKey.expiryPast' },
      ]);
    }
    const { secret, hash, prefix } = newSecret();
    return this.db.transaction(async (tx) => {
      await operatorInReach(tx, ctx.actor, body.operatorId);
      const allowedIps = [...new Set(body.allowedIps)];
      const id = await repo.insertApiKey(tx, {
        operatorId: body.operatorId,
        name: body.name,
        role: body.role ?? null,
        permissions: body.role ? [] : [...new Set(body.permissions)],
        prefix,
        secretHash: hash,
        allowedIps,
        expiresAt,
        createdBy: ctx.actor.userId,
      });
      await audit(tx, ctx, {
        action: 'create',
        entity: 'apiKey',
        entityId: id,
        subjectOperatorId: body.operatorId,
        summary: {
          name: body.name,
          operatorId: body.operatorId,
          role: body.role ?? null,
          permissions: body.permissions ?? null,
          expiresAt: expiresAt.toISOString(),
          allowedIps,
          prefix,
        },
      });
      const row = await repo.findApiKey(tx, ctx.actor, id);
      if (!row) throw notFound('apiKey');
      return { key: this.toApiKey(row), secret };
    });
  }

  /** The live key in reach, locked for the change; a revoked or expired one cannot change. */
  private async liveKey(tx: Tx, ctx: Ctx, id: number) {
    const row = await repo.findApiKey(tx, ctx.actor, id, true);
    if (!row) throw notFound('apiKey');
    // Rotating hands out a new secret of the key: only to someone who could have made it.
    this.checkGrant(ctx, {
      role: (row.role ?? undefined) as CreateInput['role'],
      permissions: row.permissions as CreateInput['permissions'],
    });
    if (row.revokedAt) throw new AppError(409, 'apiKey.alreadyRevoked');
    return row;
  }

  /** A new secret; the old one keeps working for the overlap the user chose, then fails. */
  async rotate(ctx: Ctx, id: number, body: RotateInput): Promise<ApiKeyWithSecret> {
    const { secret, hash, prefix } = newSecret();
    return this.db.transaction(async (tx) => {
      const before = await this.liveKey(tx, ctx, id);
      if (this.state(before) === 'expired') throw new AppError(409, 'apiKey.expired');
      const previousValidUntil = new Date(this.clock.now().getTime() + body.overlapHours * 3_600_000);
      await repo.rotateSecret(tx, id, { hash, prefix, previousValidUntil });
      await audit(tx, ctx, {
        action: 'rotate',
        entity: 'apiKey',
        entityId: id,
        subjectOperatorId: before.operatorId,
        summary: {
          name: before.name,
          prefix: [before.prefix, prefix],
          previousValidUntil: previousValidUntil.toISOString(),
        },
      });
      const row = await repo.findApiKey(tx, ctx.actor, id);
      if (!row) throw notFound('apiKey');
      return { key: this.toApiKey(row), secret };
    });
  }

  /** Stops the key at once: every request reads the key, so no process keeps it alive. */
  async revoke(ctx: Ctx, id: number): Promise<ApiKey> {
    return this.db.transaction(async (tx) => {
      const before = await this.liveKey(tx, ctx, id);
      await repo.revokeApiKey(tx, id, ctx.actor.userId, this.clock.now());
      await audit(tx, ctx, {
        action: 'revoke',
        entity: 'apiKey',
        entityId: id,
        subjectOperatorId: before.operatorId,
        summary: { name: before.name, prefix: before.prefix },
      });
      const row = await repo.findApiKey(tx, ctx.actor, id);
      if (!row) throw notFound('apiKey');
      return this.toApiKey(row);
    });
  }
}
