import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type DriverDetail, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

export const getDriver = (id: number): Promise<DriverDetail> =>
  unwrap(apiClient.get<Ok<DriverDetail>>(API.drivers.byId(id)));

export const driverQueryOptions = (id: number) =>
  queryOptions({
    queryKey: driverKeys.detail(id),
    queryFn: () => getDriver(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useDriver = (id: number) => useQuery(driverQueryOptions(id));
