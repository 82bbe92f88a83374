import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionKeys } from './keys';

export interface StaleRule {
  hours: number;
  stopReason: string;
}

/** How the server closes sessions whose charger stopped reporting. */
export const getStaleRule = (): Promise<StaleRule> =>
  unwrap(apiClient.get<Ok<StaleRule>>(API.sessions.staleRule, { silent: true }));

export const staleRuleQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.staleRule(), queryFn: getStaleRule, staleTime: Infinity });

export const useStaleRule = () => useQuery(staleRuleQueryOptions());
