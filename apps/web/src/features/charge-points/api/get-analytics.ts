import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type ChargePointAnalytics, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

export const getChargePointAnalytics = (
  chargePointId: string,
  from: string,
  to: string,
): Promise<ChargePointAnalytics> =>
  unwrap(
    apiClient.get<Ok<ChargePointAnalytics>>(API.chargePoints.analytics, {
      params: { chargePointId, from, to },
    }),
  );

export const analyticsQueryOptions = (chargePointId: string, from: string, to: string) =>
  queryOptions({
    queryKey: chargePointKeys.analytics(chargePointId, from, to),
    queryFn: () => getChargePointAnalytics(chargePointId, from, to),
  });

export const useChargePointAnalytics = (chargePointId: string, from: string, to: string) =>
  useQuery(analyticsQueryOptions(chargePointId, from, to));
