import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Connector, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

export const getConnectors = (chargePointId: string): Promise<Connector[]> =>
  unwrap(apiClient.get<Ok<Connector[]>>(API.connectors.base, { params: { chargePointId } }));

export const connectorsQueryOptions = (chargePointId: string) =>
  queryOptions({
    queryKey: chargePointKeys.connectors(chargePointId),
    queryFn: () => getConnectors(chargePointId),
    refetchInterval: LIVE_INTERVAL_MS,
  });

export const useConnectors = (chargePointId: string) => useQuery(connectorsQueryOptions(chargePointId));
