import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_API, type BulkResult, type Ok, type SessionBulkBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/** Close many stuck sessions with one reason: what became of each. */
export const bulkSessions = (body: SessionBulkBody): Promise<BulkResult> =>
  unwrap(apiClient.post<Ok<BulkResult>>(BULK_API.sessions, body));

export function useBulkSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
