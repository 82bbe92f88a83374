import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorSummary } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Operators the signed-in user may assign users to (its own branch of the tree). */
export const getOperatorLookup = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup));

export const operatorLookupQueryOptions = () =>
  queryOptions({ queryKey: ['operators', 'lookup'], queryFn: getOperatorLookup, staleTime: 5 * 60_000 });

export const useOperatorLookup = () => useQuery(operatorLookupQueryOptions());
