import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type RfidCard } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

export const getDriverCards = (driverId: number): Promise<RfidCard[]> =>
  unwrap(apiClient.get<Ok<RfidCard[]>>(API.drivers.cardsOf(driverId)));

export const useDriverCards = (driverId: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: ['drivers', 'cards', driverId ?? 0],
      queryFn: () => getDriverCards(driverId ?? 0),
      enabled: driverId !== undefined,
    }),
  );
