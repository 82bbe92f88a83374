import { useMutation } from '@tanstack/react-query';
import { API, type Ok, type RegisterBody, type TokenData } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

/** Step one: the same answer for any address; the e-mail carries the link (or a note to its owner). */
export const register = async (body: RegisterBody): Promise<void> => {
  await apiClient.post<Ok<null>>(API.auth.register, body, { skipAuthRefresh: true });
};

export const useRegister = () => useMutation({ mutationFn: register });

/** Step two: the e-mailed link's token is the bearer; the new network's owner is signed in. */
export const confirmRegistration = (token: string): Promise<TokenData> =>
  unwrap(
    apiClient.post<Ok<TokenData>>(API.auth.registerConfirm, undefined, {
      skipAuthRefresh: true,
      headers: { Authorization: `Bearer ${token}` },
    }),
  );

export const useConfirmRegistration = () =>
  useMutation({
    mutationFn: confirmRegistration,
    onSuccess: ({ token }) => useAuthStore.getState().signIn(token),
  });
