import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type User } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { userKeys } from './keys';

export const getUser = (id: number): Promise<User> => unwrap(apiClient.get<Ok<User>>(API.users.byId(id)));

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id), enabled: Number.isInteger(id) });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
