import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_PATHS, type ApiKeyWithSecret, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { apiKeyKeys } from './keys';

export const rotateApiKey = ({ id, overlapHours }: { id: number; overlapHours: number }) =>
  unwrap(apiClient.post<Ok<ApiKeyWithSecret>>(API_KEY_PATHS.rotate(id), { overlapHours }));

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
