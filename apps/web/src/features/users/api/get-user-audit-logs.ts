import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type AuditFilter, type AuditLog, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { userKeys } from './keys';

const NEWEST_FIRST: AuditFilter = { sortOrder: 'desc' };

export const getUserAuditLogs = (userId: number, index: number): Promise<Page<AuditLog>> =>
  unwrap(
    apiClient.post<Ok<Page<AuditLog>>>(API.audit.dynamic(userId), NEWEST_FIRST, {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const userAuditLogsQueryOptions = (userId: number, index: number) =>
  queryOptions({
    queryKey: userKeys.audit(userId, index),
    queryFn: () => getUserAuditLogs(userId, index),
    placeholderData: keepPreviousData,
  });

export const useUserAuditLogs = (userId: number, index: number) =>
  useQuery(userAuditLogsQueryOptions(userId, index));
