import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Ok, type Page, type User, type UserFilter } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { userKeys } from './keys';

export const getUsers = (index: number, filter: UserFilter): Promise<Page<User>> =>
  unwrap(apiClient.post<Ok<Page<User>>>(API.users.dynamic, filter, { params: { index, size: PAGE_SIZE } }));

export const usersQueryOptions = (index: number, filter: UserFilter) =>
  queryOptions({
    queryKey: userKeys.list(index, filter),
    queryFn: () => getUsers(index, filter),
    placeholderData: keepPreviousData,
  });

export const useUsers = (index: number, filter: UserFilter) => useQuery(usersQueryOptions(index, filter));
