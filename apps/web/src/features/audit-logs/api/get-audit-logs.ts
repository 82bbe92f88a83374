import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type AuditLog, type AuditLogFilter, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { auditLogKeys } from './keys';

export const getAuditLogs = (index: number, filter: AuditLogFilter): Promise<Page<AuditLog>> =>
  unwrap(apiClient.post<Ok<Page<AuditLog>>>(API.audit.list, filter, { params: { index, size: PAGE_SIZE } }));

export const auditLogsQueryOptions = (index: number, filter: AuditLogFilter) =>
  queryOptions({
    queryKey: auditLogKeys.list(index, filter),
    queryFn: () => getAuditLogs(index, filter),
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (index: number, filter: AuditLogFilter) =>
  useQuery(auditLogsQueryOptions(index, filter));
