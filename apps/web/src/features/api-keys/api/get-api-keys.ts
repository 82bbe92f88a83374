import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEY_PATHS, type ApiKey, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

export const getApiKeys = (): Promise<ApiKey[]> => unwrap(apiClient.get<Ok<ApiKey[]>>(API_KEY_PATHS.list));

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.all, queryFn: getApiKeys });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
