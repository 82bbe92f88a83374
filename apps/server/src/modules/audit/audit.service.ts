import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { insertAudit } from './audit.repository.js';
import { subjectOperatorOf } from './audit.subject.js';

const SECRET_KEYS = /pass(word)?|secret|token|hash|iban|authorization/i;

/** Drops anything secret from an audit summary, recursively. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/** What changed between two versions of a record, as `{ field: [before, after] }`. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    const old = before[k];
    if (JSON.stringify(old) !== JSON.stringify(v)) changes[k] = [old, v];
  }
  return changes;
}

export interface AuditEvent {
  action: string;
  entity: string;
  entityId?: string | number | null;
  summary?: Record<string, unknown>;
  /**
   * The operator of the record the line is about, when the caller has it at hand; otherwise it is
   * looked up from the record (or, for a record already gone, from an earlier line about it).
   */
  subjectOperatorId?: number | null;
}

/**
 * Records a change in the same transaction as the change itself, so an audit line exists exactly
 * when the change does.
 */
export type AuditActor = Pick<Ctx['actor'], 'userId' | 'email' | 'operatorId' | 'apiKey'>;

/** The context of a change no user made (a rule, a charger's message): an audit line without a user. */
export const NO_USER = { actor: null, ip: null, userAgent: null } as const;

export async function audit(
  tx: Tx,
  ctx: Pick<Ctx, 'ip' | 'userAgent'> & { actor: AuditActor | null },
  e: AuditEvent,
) {
  const entityId = e.entityId === undefined || e.entityId === null ? null : String(e.entityId);
  const subjectOperatorId =
    e.subjectOperatorId !== undefined ? e.subjectOperatorId : await subjectOperatorOf(tx, e.entity, entityId);
  await insertAudit(tx, {
    // A key's line names the key, not the person who created it.
    userId: ctx.actor?.apiKey ? null : (ctx.actor?.userId ?? null),
    userEmail: ctx.actor?.apiKey ? null : (ctx.actor?.email ?? null),
    apiKeyId: ctx.actor?.apiKey?.id ?? null,
    operatorId: ctx.actor?.operatorId ?? null,
    action: e.action,
    entity: e.entity,
    entityId,
    subjectOperatorId,
    summary: redact(e.summary ?? {}) as Record<string, unknown>,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 300) ?? null,
  });
}
