import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type PublicConfig } from '@voltline/contract';
import { apiClient, unwrap } from '../lib/api-client';

export const getConfig = (): Promise<PublicConfig> =>
  unwrap(apiClient.get<Ok<PublicConfig>>(API.auth.config, { silent: true, skipAuthRefresh: true }));

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Infinity });

export const useConfig = () => useQuery(configQueryOptions());
