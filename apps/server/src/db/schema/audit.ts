import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    /** The operator of the user who acted (as it was then). */
    operatorId: integer('operator_id'),
    /** The operator of the record the line is about: the line's tenant (null: Admin only). */
    subjectOperatorId: integer('subject_operator_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The API key that acted (then `userId` is null): the line reads "API key <name>". */
    apiKeyId: integer('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_user_idx').on(t.userId, t.id),
    index('audit_logs_entity_idx').on(t.entity, t.entityId),
    index('audit_logs_subject_operator_idx').on(t.subjectOperatorId, t.id),
  ],
);
