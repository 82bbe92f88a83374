import { z } from 'zod';
import { IsoTime } from './common.js';

export const AuditLog = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLog = z.infer<typeof AuditLog>;

export const AuditFilter = z.object({
  action: z.string().trim().max(40).optional(),
  entity: z.string().trim().max(40).optional(),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type AuditFilter = z.input<typeof AuditFilter>;
