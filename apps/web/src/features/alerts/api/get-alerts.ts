import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ALERTS_API,
  PAGE_SIZE,
  type Alert,
  type AlertDetail,
  type AlertListQuery,
  type Ok,
  type Page,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { alertKeys, LIST_REFRESH_MS } from './keys';

export const getAlerts = (query: AlertListQuery): Promise<Page<Alert>> =>
  unwrap(apiClient.get<Ok<Page<Alert>>>(ALERTS_API.list, { params: { size: PAGE_SIZE, ...query } }));

export const useAlerts = (query: AlertListQuery) =>
  useQuery({
    queryKey: alertKeys.list(query),
    queryFn: () => getAlerts(query),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
  });

export const getAlert = (id: number): Promise<AlertDetail> =>
  unwrap(apiClient.get<Ok<AlertDetail>>(ALERTS_API.byId(id)));

export const useAlert = (id: number) =>
  useQuery({
    queryKey: alertKeys.detail(id),
    queryFn: () => getAlert(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: LIST_REFRESH_MS,
    retry: false,
  });
