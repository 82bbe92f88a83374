import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type DriverStatusChange, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

export const getStatusHistory = (driverId: number, index: number): Promise<Page<DriverStatusChange>> =>
  unwrap(
    apiClient.get<Ok<Page<DriverStatusChange>>>(API.drivers.statusHistory(driverId), {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const statusHistoryQueryOptions = (driverId: number, index: number) =>
  queryOptions({
    queryKey: driverKeys.statusHistory(driverId, index),
    queryFn: () => getStatusHistory(driverId, index),
    placeholderData: keepPreviousData,
  });

export const useStatusHistory = (driverId: number, index: number) =>
  useQuery(statusHistoryQueryOptions(driverId, index));
