import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Driver, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { operatorKeys } from './keys';

export const getOperatorDrivers = (operatorId: number): Promise<Driver[]> =>
  unwrap(apiClient.get<Ok<Driver[]>>(API.operators.drivers(operatorId)));

export const operatorDriversQueryOptions = (operatorId: number) =>
  queryOptions({
    queryKey: [...operatorKeys.detail(operatorId), 'drivers'],
    queryFn: () => getOperatorDrivers(operatorId),
  });

export const useOperatorDrivers = (operatorId: number, enabled: boolean) =>
  useQuery({ ...operatorDriversQueryOptions(operatorId), enabled });
