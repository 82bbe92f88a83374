import {
  AUDIT_TARGETS,
  type AuditChange,
  type AuditFilter,
  type AuditLog,
  type AuditLogFilter,
  type AuditUser,
  type AuditUserQuery,
  type Locale,
  type Page,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { pathInReach, type Actor, type Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { translate } from '../../lib/messages.js';
import { changesOf, type RawChange } from './audit.changes.js';
import {
  countAudit,
  findAuditUsers,
  listAudit,
  referenceNames,
  type AuditQuery,
  type AuditRow,
  type ReferenceKind,
} from './audit.repository.js';

type Filter = z.output<typeof AuditFilter>;
type LogFilter = z.output<typeof AuditLogFilter>;
type Target = AuditLog['target'];

/** Whether a portal user is in the actor's reach; the users module answers it (audit sits below users). */
export type UserInReach = (db: Db, actor: Actor, userId: number) => Promise<boolean>;

const isTarget = (t: string | null): t is NonNullable<Target>['kind'] =>
  (AUDIT_TARGETS as readonly string[]).includes(t ?? '');

/** A gone record's name, as its deletion recorded it. */
function nameInSummary(summary: Record<string, unknown>): string | null {
  for (const key of ['name', 'companyName', 'email', 'number']) {
    if (typeof summary[key] === 'string') return summary[key];
  }
  return null;
}

/**
 * Audit lines as a reader reads them: who (name, e-mail, operator), what record (its name and
 * screen, when it is in the reader's reach), and the changed fields with the names of the records
 * they point to. References are named for a whole page in one query.
 */
async function readable(db: Db, actor: Actor, rows: AuditRow[], locale: Locale): Promise<AuditLog[]> {
  const raw = rows.map((r) => changesOf(r.action, r.summary));
  const ids: Record<ReferenceKind, number[]> = { operator: [], tariff: [], driver: [], user: [] };
  for (const c of raw.flat()) {
    if (!c.reference) continue;
    for (const v of [c.before, c.after]) if (typeof v === 'number') ids[c.reference].push(v);
  }
  const names = await referenceNames(db, actor, ids);
  const nameOf = (c: RawChange, v: unknown) =>
    c.reference && typeof v === 'number' ? (names.get(`${c.reference}:${v}`) ?? null) : undefined;

  return rows.map((r, i) => {
    // A record that moved out of the reader's reach keeps its id but not its name.
    const inReach = r.subjectPath === null || pathInReach(actor, r.subjectPath);
    const gone = r.target === null;
    const target: Target =
      inReach && isTarget(r.target) && r.targetId ? { kind: r.target, id: r.targetId } : null;
    const changes = (raw[i] ?? []).map((c) => {
      const { reference: _reference, ...out }: RawChange & AuditChange = c;
      const beforeName = nameOf(c, c.before);
      const afterName = nameOf(c, c.after);
      if (beforeName !== undefined) out.beforeName = beforeName;
      if (afterName !== undefined) out.afterName = afterName;
      return out;
    });
    // Who acted is named; their e-mail, address and browser only to who may read that user.
    const authorInReach = actor.isAdmin || (r.authorPath !== null && pathInReach(actor, r.authorPath));
    const currency = r.currency ?? (typeof r.summary.currency === 'string' ? r.summary.currency : null);
    return {
      id: r.id,
      userId: r.userId,
      userEmail: authorInReach ? r.userEmail : null,
      userName:
        r.apiKeyName === null ? r.userName : translate(locale, 'audit.apiKey', { name: r.apiKeyName }),
      operatorId: r.operatorId,
      operatorName: r.operatorName,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      entityName: inReach ? (r.entityName ?? (gone ? nameInSummary(r.summary) : null)) : null,
      target,
      currency,
      changes,
      summary: r.summary,
      ip: authorInReach ? r.ip : null,
      userAgent: authorInReach ? r.userAgent : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Reading the audit trail: one user's, or the whole network's within the reader's reach. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly userInReach: UserInReach,
  ) {}

  private async checkUser(ctx: Ctx, userId: number) {
    if (!(await this.userInReach(this.db, ctx.actor, userId))) throw notFound('user');
  }

  private async page(ctx: Ctx, q: AuditQuery, index: number, size: number): Promise<Page<AuditLog>> {
    const [rows, total] = await Promise.all([
      listAudit(this.db, ctx.actor, q, index * size, size),
      countAudit(this.db, ctx.actor, q),
    ]);
    return { items: await readable(this.db, ctx.actor, rows, ctx.locale), total, index, size };
  }

  private stream(ctx: Ctx, q: AuditQuery): AsyncIterable<AuditLog> {
    return inBatches(async (offset, limit) =>
      readable(this.db, ctx.actor, await listAudit(this.db, ctx.actor, q, offset, limit), ctx.locale),
    );
  }

  async userPage(ctx: Ctx, userId: number, filter: Filter, index: number, size: number) {
    await this.checkUser(ctx, userId);
    return this.page(ctx, { userId, filter }, index, size);
  }

  /** Checks reach first, so an export of a user out of reach answers 404 before any byte is sent. */
  async userAll(ctx: Ctx, userId: number, filter: Filter): Promise<AsyncIterable<AuditLog>> {
    await this.checkUser(ctx, userId);
    return this.stream(ctx, { userId, filter });
  }

  list(ctx: Ctx, filter: LogFilter, index: number, size: number): Promise<Page<AuditLog>> {
    return this.page(ctx, { filter }, index, size);
  }

  all(ctx: Ctx, filter: LogFilter): AsyncIterable<AuditLog> {
    return this.stream(ctx, { filter });
  }

  async users(ctx: Ctx, q: z.output<typeof AuditUserQuery>): Promise<AuditUser[]> {
    const rows = await findAuditUsers(this.db, ctx.actor, q.search || undefined, q.userId);
    return rows.map(({ deletedAt, ...u }) => ({ ...u, deleted: deletedAt !== null }));
  }
}
