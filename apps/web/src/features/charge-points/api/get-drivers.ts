import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Driver, type Ok, type RfidCard } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Drivers in reach, for choosing who a remote start is for. */
export const getDrivers = (): Promise<Driver[]> => unwrap(apiClient.get<Ok<Driver[]>>(API.drivers.list));

export const useDriverChoices = (enabled: boolean) =>
  useQuery({
    ...queryOptions({ queryKey: ['drivers', 'choices'], queryFn: getDrivers, staleTime: 60_000 }),
    enabled,
  });

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
