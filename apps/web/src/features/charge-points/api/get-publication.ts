import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROAMING_API, type ChargePointPublication, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Whether the charge point is published (open data, roaming partners) and what keeps it from being. */
export const getChargePointPublication = (id: number): Promise<ChargePointPublication> =>
  unwrap(apiClient.get<Ok<ChargePointPublication>>(ROAMING_API.chargePoint(id)));

export const useChargePointPublication = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: [...chargePointKeys.all, 'publication', id] as const,
      queryFn: () => getChargePointPublication(id),
    }),
  );
