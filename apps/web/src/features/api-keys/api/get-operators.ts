import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorSummary } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Operators in the signed-in user's reach: a key may be made for any of them. */
export const getOperators = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup));

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: ['operators', 'lookup'], queryFn: getOperators, staleTime: 5 * 60_000 });

export const useOperators = () => useQuery(operatorsQueryOptions());
