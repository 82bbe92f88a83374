import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type Session } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { isOpen } from '../session-rules';
import { LIVE_REFRESH_MS, sessionKeys } from './keys';

export const getSession = (id: number): Promise<Session> =>
  unwrap(apiClient.get<Ok<Session>>(API.sessions.byId(id)));

export const sessionQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: sessionKeys.detail(id ?? 0),
    queryFn: () => getSession(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data && isOpen(query.state.data) ? LIVE_REFRESH_MS : false),
  });

export const useSession = (id: number | undefined) => useQuery(sessionQueryOptions(id));
