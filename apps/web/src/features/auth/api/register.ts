import { useMutation } from '@tanstack/react-query';
import { API, type Ok, type RegisterBody, type TokenData } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';

export const register = (body: RegisterBody): Promise<TokenData> =>
  unwrap(apiClient.post<Ok<TokenData>>(API.auth.register, body, { skipAuthRefresh: true }));

export const useRegister = () =>
  useMutation({ mutationFn: register, onSuccess: ({ token }) => useAuthStore.getState().signIn(token) });
