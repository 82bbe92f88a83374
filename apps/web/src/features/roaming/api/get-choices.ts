import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type OperatorSummary, type Tariff } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';

/** Operators in the signed-in user's reach: the owners and the published networks offered. */
export const getOperators = (): Promise<OperatorSummary[]> =>
  unwrap(apiClient.get<Ok<OperatorSummary[]>>(API.operators.lookup));

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: ['operators', 'lookup'], queryFn: getOperators, staleTime: 5 * 60_000 });

export const useOperators = () => useQuery(operatorsQueryOptions());

/** Tariffs in reach that are not retired: one of them may be shown to a partner for every connector. */
export const getTariffs = (): Promise<Tariff[]> => unwrap(apiClient.get<Ok<Tariff[]>>(API.tariffs.base));

export const useTariffs = (enabled = true) =>
  useQuery({ queryKey: ['roaming', 'tariffChoices'], queryFn: getTariffs, staleTime: 60_000, enabled });
