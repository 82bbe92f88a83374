import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorSummary } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Operators in the signed-in user's reach; shares its cache entry with the other screens' lookups. */
export const getOperatorLookup = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup));

export const useOperatorLookup = () =>
  useQuery(
    queryOptions({ queryKey: ['operators', 'lookup'], queryFn: getOperatorLookup, staleTime: 5 * 60_000 }),
  );
