import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type Tariff } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { tariffKeys } from './keys';

export const getTariff = (id: number): Promise<Tariff> =>
  unwrap(apiClient.get<Ok<Tariff>>(API.tariffs.byId(id)));

export const tariffQueryOptions = (id: number) =>
  queryOptions({
    queryKey: tariffKeys.detail(id),
    queryFn: () => getTariff(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useTariff = (id: number) => useQuery(tariffQueryOptions(id));
