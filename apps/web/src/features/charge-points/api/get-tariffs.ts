import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type Tariff } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Tariffs the charge point's operator may put on its connectors. */
export const getAvailableTariffs = (chargePointId: string): Promise<Tariff[]> =>
  unwrap(apiClient.get<Ok<Tariff[]>>(API.tariffs.forChargePoint(encodeURIComponent(chargePointId))));

export const availableTariffsQueryOptions = (chargePointId: string) =>
  queryOptions({
    queryKey: chargePointKeys.tariffs(chargePointId),
    queryFn: () => getAvailableTariffs(chargePointId),
    staleTime: 60_000,
  });

export const useAvailableTariffs = (chargePointId: string, enabled = true) =>
  useQuery({ ...availableTariffsQueryOptions(chargePointId), enabled });
