import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, type Ok, type SearchResult } from '@voltline/contract';
import { apiClient, unwrap } from '../lib/api-client';

export const globalSearch = (q: string): Promise<SearchResult> =>
  unwrap(apiClient.get<Ok<SearchResult>>(API.search, { params: { q }, silent: true }));

/** The header's search: asked once the text has two characters; the server keeps to the user's reach. */
export const useGlobalSearch = (q: string) =>
  useQuery({
    queryKey: ['globalSearch', q],
    queryFn: () => globalSearch(q),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
