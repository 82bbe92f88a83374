import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type ChargingProfile, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Charging profiles Voltline has set on the charger and that are still in force. */
export const getChargingProfiles = (chargePointId: string): Promise<ChargingProfile[]> =>
  unwrap(apiClient.get<Ok<ChargingProfile[]>>(API.chargePoints.profiles(encodeURIComponent(chargePointId))));

export const profilesQueryOptions = (chargePointId: string) =>
  queryOptions({
    queryKey: chargePointKeys.profiles(chargePointId),
    queryFn: () => getChargingProfiles(chargePointId),
  });

export const useChargingProfiles = (chargePointId: string) => useQuery(profilesQueryOptions(chargePointId));
