import type { AuditFilter, AuditLog, Page } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor, Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { listAudit, pageAudit, type AuditRow } from './audit.repository.js';

type Filter = z.output<typeof AuditFilter>;

function toAuditLog(r: AuditRow): AuditLog {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

/** Whether a portal user is in the actor's reach; the users module answers it (audit sits below users). */
export type UserInReach = (db: Db, actor: Actor, userId: number) => Promise<boolean>;

/** Reading the audit trail of a user the actor may see. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly userInReach: UserInReach,
  ) {}

  private async checkUser(ctx: Ctx, userId: number) {
    if (!(await this.userInReach(this.db, ctx.actor, userId))) throw notFound('user');
  }

  async page(ctx: Ctx, userId: number, f: Filter, index: number, size: number): Promise<Page<AuditLog>> {
    await this.checkUser(ctx, userId);
    const { items, total } = await pageAudit(this.db, userId, f, index * size, size);
    return { items: items.map(toAuditLog), total, index, size };
  }

  /** Checks reach first, so an export of a user out of reach answers 404 before any byte is sent. */
  async all(ctx: Ctx, userId: number, f: Filter): Promise<AsyncIterable<AuditLog>> {
    await this.checkUser(ctx, userId);
    const db = this.db;
    return (async function* () {
      for await (const r of inBatches((offset, limit) => listAudit(db, userId, f, offset, limit))) {
        yield toAuditLog(r);
      }
    })();
  }
}
