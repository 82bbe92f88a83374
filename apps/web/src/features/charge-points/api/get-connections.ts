import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type ConnectionEvent, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

export const getConnections = (id: number, index: number): Promise<Page<ConnectionEvent>> =>
  unwrap(
    apiClient.get<Ok<Page<ConnectionEvent>>>(API.chargePoints.connections(id), {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const connectionsQueryOptions = (id: number, index: number) =>
  queryOptions({
    queryKey: chargePointKeys.connections(id, index),
    queryFn: () => getConnections(id, index),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });

export const useConnections = (id: number, index: number) => useQuery(connectionsQueryOptions(id, index));
