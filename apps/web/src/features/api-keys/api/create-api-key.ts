import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_PATHS, type ApiKeyWithSecret, type CreateApiKeyBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

/** The answer holds the secret: it is shown once and kept nowhere else. */
export const createApiKey = (body: CreateApiKeyBody): Promise<ApiKeyWithSecret> =>
  unwrap(apiClient.post<Ok<ApiKeyWithSecret>>(API_KEY_PATHS.list, body));

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
