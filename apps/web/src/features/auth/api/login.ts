import { useMutation } from '@tanstack/react-query';
import { API, type LoginBody, type Ok, type TokenData } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

export const login = (body: LoginBody): Promise<TokenData> =>
  unwrap(
    apiClient.post<Ok<TokenData>>(API.auth.login, body, { skipAuthRefresh: true, noResponseMessage: true }),
  );

/** Storing the token lets the public-route guard move the user on to the wanted page. */
export const useLogin = () =>
  useMutation({ mutationFn: login, onSuccess: ({ token }) => useAuthStore.getState().signIn(token) });
