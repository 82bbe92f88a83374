import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';

export type AuditEntry = typeof auditLogs.$inferInsert;
export type AuditRow = typeof auditLogs.$inferSelect;
type Filter = z.output<typeof AuditFilter>;

export function insertAudit(tx: Tx, entry: AuditEntry) {
  return tx.insert(auditLogs).values(entry);
}

function where(userId: number, f: Filter): SQL | undefined {
  return and(
    eq(auditLogs.userId, userId),
    f.action ? eq(auditLogs.action, f.action) : undefined,
    f.entity ? eq(auditLogs.entity, f.entity) : undefined,
    f.from ? gte(auditLogs.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(auditLogs.createdAt, new Date(f.to)) : undefined,
  );
}

export function listAudit(tx: Tx, userId: number, f: Filter, offset: number, limit: number) {
  const order = f.sortOrder === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id);
  return tx.select().from(auditLogs).where(where(userId, f)).orderBy(order).limit(limit).offset(offset);
}

export async function pageAudit(tx: Tx, userId: number, f: Filter, offset: number, limit: number) {
  const [items, [total]] = await Promise.all([
    listAudit(tx, userId, f, offset, limit),
    tx.select({ n: count() }).from(auditLogs).where(where(userId, f)),
  ]);
  return { items, total: total?.n ?? 0 };
}
