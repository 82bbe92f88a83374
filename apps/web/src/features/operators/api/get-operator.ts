import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorDetail } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { operatorKeys } from './keys';

export const getOperator = (id: number): Promise<OperatorDetail> =>
  unwrap(apiClient.get<Ok<OperatorDetail>>(API.operators.byId(id)));

export const operatorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: operatorKeys.detail(id),
    queryFn: () => getOperator(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useOperator = (id: number) => useQuery(operatorQueryOptions(id));
