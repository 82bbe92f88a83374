import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type ReviewSessionBody, type Session } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { sessionKeys } from './keys';

/**
 * Settles a session held for review: release bills the readings as stored, correct bills the
 * readings staff checked. The API client shows the server's message as a notice.
 */
export const reviewSession = (id: number, body: ReviewSessionBody): Promise<Session> =>
  unwrap(apiClient.post<Ok<Session>>(API.sessions.review(id), body));

export function useReviewSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewSessionBody }) => reviewSession(id, body),
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.detail(session.id), session),
    // A 409 (someone settled it meanwhile) also means what is on screen is out of date; the totals
    // change once a held session is counted.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
