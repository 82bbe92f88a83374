import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorSummary } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Operators in the signed-in user's reach, for the dashboards' operator filter. */
export const getOperatorLookup = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup, { silent: true }));

export const operatorLookupQueryOptions = () =>
  queryOptions({ queryKey: ['dashboards', 'operators'], queryFn: getOperatorLookup, staleTime: 5 * 60_000 });

export const useOperatorLookup = () => useQuery(operatorLookupQueryOptions());
