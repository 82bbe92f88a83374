import { useQuery } from '@tanstack/react-query';
import { API, type Ok, type Tariff } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** The tariffs in reach that are not retired: what a bulk tariff assignment offers. */
export const getTariffList = (): Promise<Tariff[]> => unwrap(apiClient.get<Ok<Tariff[]>>(API.tariffs.base));

export const useTariffList = (enabled: boolean) =>
  useQuery({
    queryKey: [...chargePointKeys.all, 'tariffList'] as const,
    queryFn: getTariffList,
    staleTime: 60_000,
    enabled,
  });
