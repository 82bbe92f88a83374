import type { AuditLogFilter } from '@voltline/contract';

/** Query keys of the audit log. */
export const auditLogKeys = {
  all: ['auditLogs'] as const,
  list: (index: number, filter: AuditLogFilter) => [...auditLogKeys.all, 'list', index, filter] as const,
};
