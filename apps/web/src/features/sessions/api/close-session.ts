import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CloseSessionBody, type Ok, type Session } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/**
 * Ends a session whose charger will never send its StopTransaction (gone silent, replaced...).
 * The server bills it at its last meter reading; the charger is not contacted.
 */
export const closeSession = (id: number, body: CloseSessionBody): Promise<Session> =>
  unwrap(apiClient.post<Ok<Session>>(API.sessions.close(id), body));

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CloseSessionBody & { id: number }) => closeSession(id, body),
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.detail(session.id), session),
    // A 409 (the charger stopped it meanwhile) also means what is on screen is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
