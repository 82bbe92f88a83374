import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Me, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../lib/api-client';
import { useAuthStore } from '../stores/auth-store';

export const getMe = (): Promise<Me> => unwrap(apiClient.get<Ok<Me>>(API.auth.me));

export const meQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['me', token], queryFn: getMe, enabled: token !== null, staleTime: 5 * 60_000 });

/** The signed-in user; keyed by token so a new session never sees the previous user's data. */
export const useMe = () => {
  const token = useAuthStore((s) => s.token);
  return useQuery(meQueryOptions(token));
};
