import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type DiagnosticsRequest, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import type { DiagnosticsFilter } from '../filter-params';
import { diagnosticsKeys } from './keys';

export const getDiagnostics = (index: number, filter: DiagnosticsFilter): Promise<Page<DiagnosticsRequest>> =>
  unwrap(
    apiClient.post<Ok<Page<DiagnosticsRequest>>>(API.diagnostics.list, { ...filter, index, size: PAGE_SIZE }),
  );

export const diagnosticsQueryOptions = (index: number, filter: DiagnosticsFilter) =>
  queryOptions({
    queryKey: diagnosticsKeys.list(index, filter),
    queryFn: () => getDiagnostics(index, filter),
    placeholderData: keepPreviousData,
    // A request moves on by itself (the charger uploads): the list follows it while it is open.
    refetchInterval: (query) =>
      query.state.data?.items.some((r) => r.status === 'requested' || r.status === 'Uploading')
        ? 3000
        : false,
  });

export const useDiagnostics = (index: number, filter: DiagnosticsFilter) =>
  useQuery(diagnosticsQueryOptions(index, filter));
