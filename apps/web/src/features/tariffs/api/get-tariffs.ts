import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type Tariff } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { tariffKeys } from './keys';

// Only `includeRetired=true` is sent: the server reads the flag with z.coerce.boolean, which
// takes the string "false" for true.
export const getTariffs = (includeRetired: boolean): Promise<Tariff[]> =>
  unwrap(apiClient.get<Ok<Tariff[]>>(API.tariffs.base, { params: includeRetired ? { includeRetired } : {} }));

export const tariffsQueryOptions = (includeRetired: boolean) =>
  queryOptions({
    queryKey: tariffKeys.list(includeRetired),
    queryFn: () => getTariffs(includeRetired),
    placeholderData: keepPreviousData,
  });

export const useTariffs = (includeRetired: boolean) => useQuery(tariffsQueryOptions(includeRetired));
