import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@voltline/contract';
import { apiClient } from '../lib/api-client';
import { useAuthStore } from '../stores/auth-store';

export const signOut = async (): Promise<void> => {
  await apiClient.post(API.auth.logout, {}, { skipAuthRefresh: true });
};

/** Signing out always ends the local session, even when the server cannot be reached. */
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
