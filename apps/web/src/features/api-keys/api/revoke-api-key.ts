import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_PATHS, type ApiKey, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

export const revokeApiKey = (id: number): Promise<ApiKey> =>
  unwrap(apiClient.post<Ok<ApiKey>>(API_KEY_PATHS.revoke(id)));

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
