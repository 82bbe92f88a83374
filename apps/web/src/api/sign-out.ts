import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../lib/api-client';
import { useAuthStore } from '../stores/auth-store';

/** How long signing out waits for the server to revoke the session before ending it locally. */
export const SIGN_OUT_WAIT_MS = 5000;

export const signOut = async (): Promise<void> => {
  await apiClient.post(
    API.auth.logout,
    {},
    { skipAuthRefresh: true, timeout: SIGN_OUT_WAIT_MS, silent: true },
  );
};

/**
 * Signing out always ends the local session, even when the server cannot be reached or is
 * slow to answer: the user waits at most SIGN_OUT_WAIT_MS.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // The protected-route guard then sends the user to the plain sign-in page.
      useAuthStore.getState().signOut('user');
      queryClient.clear();
    },
  });
}
