import type { AuditFilter, AuditLog, Page } from '@voltline/contract';
import type { z } from 'zod';
import type { App } from '../../app.js';
import type { Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { findUser } from '../users/users.repository.js';
import { listAudit, pageAudit, type AuditRow } from './audit.repository.js';

type Filter = z.output<typeof AuditFilter>;

function toAuditLog(r: AuditRow): AuditLog {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

/** Reading the audit trail of a user the actor may see. */
export class AuditService {
  constructor(private readonly app: App) {}

  private async checkUser(ctx: Ctx, userId: number) {
    if (!(await findUser(this.app.db, ctx.actor, userId))) throw notFound('user');
  }

  async page(ctx: Ctx, userId: number, f: Filter, index: number, size: number): Promise<Page<AuditLog>> {
    await this.checkUser(ctx, userId);
    const { items, total } = await pageAudit(this.app.db, userId, f, index * size, size);
    return { items: items.map(toAuditLog), total, index, size };
  }

  /** Checks reach first, so an export of a user out of reach answers 404 before any byte is sent. */
  async all(ctx: Ctx, userId: number, f: Filter): Promise<AsyncIterable<AuditLog>> {
    await this.checkUser(ctx, userId);
    const db = this.app.db;
    return (async function* () {
      for await (const r of inBatches((offset, limit) => listAudit(db, userId, f, offset, limit))) {
        yield toAuditLog(r);
      }
    })();
  }
}
