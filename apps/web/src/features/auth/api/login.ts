import { useMutation } from '@tanstack/react-query';
import { API, type LoginBody, type Ok, type TokenData } from '@voltline/contract';
import { REDIRECT_KEY } from '../../../config/app';
import { apiClient, unwrap } from '../../../lib/api-client';
import { safeRedirect } from '../../../lib/redirect';
import { setToken } from '../../../lib/storage';

export const login = (body: LoginBody): Promise<TokenData> =>
  unwrap(
    apiClient.post<Ok<TokenData>>(API.auth.login, body, { skipAuthRefresh: true, noResponseMessage: true }),
  );

/**
 * Spec §2: signing in stores the token and reloads the page, here onto the wanted page. The load
 * starts the portal afresh, so nothing an earlier session of this tab kept in memory (cached lists,
 * the last command answers, the previous user's permissions) is shown to the one signing in.
 */
export function signInAndReload(token: string): void {
  setToken(token);
  window.location.replace(safeRedirect(new URLSearchParams(window.location.search).get(REDIRECT_KEY)));
}

export const useLogin = () =>
  useMutation({ mutationFn: login, onSuccess: ({ token }) => signInAndReload(token) });
