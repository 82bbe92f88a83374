import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorSummary } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { operatorKeys } from './keys';

/** Every operator in the signed-in user's reach, archived ones included, for parent pickers. */
export const getOperatorLookup = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup));

export const operatorLookupQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.lookup(), queryFn: getOperatorLookup, staleTime: 5 * 60_000 });

export const useOperatorLookup = () => useQuery(operatorLookupQueryOptions());
