import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type ChargePoint, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

/** By database id or OCPP identity; the server accepts both. */
export const getChargePoint = (id: string | number): Promise<ChargePoint> =>
  unwrap(apiClient.get<Ok<ChargePoint>>(API.chargePoints.byId(encodeURIComponent(String(id)))));

export const chargePointQueryOptions = (id: string | number, live = false) =>
  queryOptions({
    queryKey: chargePointKeys.detail(id),
    queryFn: () => getChargePoint(id),
    enabled: String(id).length > 0,
    refetchInterval: live ? LIVE_INTERVAL_MS : false,
  });

export const useChargePoint = (id: string | number, live = false) =>
  useQuery(chargePointQueryOptions(id, live));
