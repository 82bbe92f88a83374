import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Driver, type DriverFilter, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

export const getDrivers = (index: number, filter: DriverFilter): Promise<Page<Driver>> =>
  unwrap(
    apiClient.post<Ok<Page<Driver>>>(API.drivers.dynamic, filter, { params: { index, size: PAGE_SIZE } }),
  );

export const driversQueryOptions = (index: number, filter: DriverFilter) =>
  queryOptions({
    queryKey: driverKeys.list(index, filter),
    queryFn: () => getDrivers(index, filter),
    placeholderData: keepPreviousData,
  });

export const useDrivers = (index: number, filter: DriverFilter) =>
  useQuery(driversQueryOptions(index, filter));
