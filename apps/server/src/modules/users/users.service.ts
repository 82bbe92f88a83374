import { assignableRoles, type Page, type Role, type User, type UserFilter } from '@voltline/contract';
import type { CreateUserBody, UpdateUserBody } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx, Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { hashPassword } from '../../lib/password.js';
import { audit, diff } from '../audit/audit.service.js';
import { revokeUserSessions, voidResets } from '../auth/auth.repository.js';
import { operatorInReach } from '../operators/reach.js';
import * as repo from './users.repository.js';

type Filter = z.output<typeof UserFilter>;
type CreateInput = z.output<typeof CreateUserBody>;
type UpdateInput = z.output<typeof UpdateUserBody>;

/** Portal users: who may see, create, change and remove whom. */
export class UsersService {
  constructor(private readonly db: Db) {}

  async page(ctx: Ctx, f: Filter, index: number, size: number): Promise<Page<User>> {
    const [rows, total] = await Promise.all([
      repo.listUsers(this.db, ctx.actor, f, index * size, size),
      repo.countUsers(this.db, ctx.actor, f),
    ]);
    return { items: rows.map(repo.toUser), total, index, size };
  }

  /** Every user in reach, in batches (exports and pickers). */
  all(ctx: Ctx, f: Filter): AsyncIterable<User> {
    const gen = inBatches((offset, limit) => repo.listUsers(this.db, ctx.actor, f, offset, limit));
    return (async function* () {
      for await (const row of gen) yield repo.toUser(row);
    })();
  }

  async get(ctx: Ctx, id: number): Promise<User> {
    const row = await repo.findUser(this.db, ctx.actor, id);
    if (!row) throw notFound('user');
    return repo.toUser(row);
  }

  private checkRoles(ctx: Ctx, roles: readonly Role[]) {
    const allowed = assignableRoles(ctx.actor.roles);
    const refused = roles.find((r) => !allowed.includes(r));
    if (refused) {
      throw new AppError(403, 'user.roleNotAssignable', { role: refused }, [
        { field: 'body.roles', key: 'user.roleNotAssignable' },
      ]);
    }
  }

  private async checkOperator(tx: Tx, ctx: Ctx, operatorId: number) {
    await operatorInReach(tx, ctx.actor, operatorId);
  }

  private async checkEmail(tx: Tx, email: string, exceptId?: number) {
    if (await repo.emailTaken(tx, email, exceptId)) {
      throw new AppError(409, 'user.emailTaken', {}, [{ field: 'body.email', key: 'user.emailTaken' }]);
    }
  }

  async create(ctx: Ctx, body: CreateInput): Promise<User> {
    this.checkRoles(ctx, body.roles);
    const passwordHash = await hashPassword(body.password);
    return this.db.transaction(async (tx) => {
      await this.checkOperator(tx, ctx, body.operatorId);
      await this.checkEmail(tx, body.email);
      const { id } = await repo.insertUser(tx, {
        operatorId: body.operatorId,
        email: body.email,
        passwordHash,
        name: body.name,
        surname: body.surname,
        phone: body.phone,
        roles: [...new Set(body.roles)],
        active: body.active,
        locale: body.locale ?? null,
      });
      const { password: _pw, ...shown } = body;
      await audit(tx, ctx, { action: 'create', entity: 'user', entityId: id, summary: shown });
      const created = await repo.findUser(tx, ctx.actor, id);
      if (!created) throw notFound('user');
      return repo.toUser(created);
    });
  }

  /** The actor may only manage users whose every role the actor could hand out. */
  private checkManageable(ctx: Ctx, target: { roles: string[] }) {
    this.checkRoles(ctx, target.roles as Role[]);
  }

  async update(ctx: Ctx, body: UpdateInput): Promise<User> {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    return this.db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx);
      const before = await repo.findUser(tx, ctx.actor, body.id, true);
      if (!before) throw notFound('user');
      this.checkManageable(ctx, before);
      if (body.roles) this.checkRoles(ctx, body.roles);
      if (body.operatorId !== undefined && body.operatorId !== before.operatorId) {
        await this.checkOperator(tx, ctx, body.operatorId);
      }
      if (body.email && body.email !== before.email) await this.checkEmail(tx, body.email, body.id);

      const roles = body.roles ? [...new Set(body.roles)] : before.roles;
      const active = body.active ?? before.active;
      const staysAdmin = roles.includes('Admin') && active;
      if (admins.includes(body.id) && !staysAdmin && admins.length <= 1)
        throw new AppError(409, 'user.lastAdmin');

      const changes = {
        email: body.email,
        name: body.name,
        surname: body.surname,
        phone: body.phone,
        operatorId: body.operatorId,
        roles: body.roles ? roles : undefined,
        active: body.active,
        locale: body.locale,
      };
      await repo.updateUser(tx, body.id, { ...changes, ...(passwordHash ? { passwordHash } : {}) });
      // Disabling an account or changing its password or roles signs it out everywhere.
      if (passwordHash || body.active === false || body.roles) await revokeUserSessions(tx, body.id);
      if (passwordHash) await voidResets(tx, body.id);
      const summary: Record<string, unknown> = diff(
        repo.toUser(before) as unknown as Record<string, unknown>,
        changes,
      );
      if (passwordHash) summary.password = 'changed';
      await audit(tx, ctx, { action: 'update', entity: 'user', entityId: body.id, summary });
      const after = await repo.findUser(tx, ctx.actor, body.id);
      if (!after) throw notFound('user');
      return repo.toUser(after);
    });
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    if (id === ctx.actor.userId) throw new AppError(409, 'user.cannotDeleteSelf');
    await this.db.transaction(async (tx) => {
      const admins = await repo.lockActiveAdmins(tx);
      const target = await repo.findUser(tx, ctx.actor, id, true);
      if (!target) throw notFound('user');
      this.checkManageable(ctx, target);
      if (admins.includes(id) && admins.length <= 1) throw new AppError(409, 'user.lastAdmin');
      await repo.softDeleteUser(tx, id);
      await revokeUserSessions(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'user',
        entityId: id,
        summary: { email: target.email },
      });
    });
  }
}
