import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type Ok, type Page, type User, type UserFilter } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { userKeys } from './keys';

const ACTIVE_ADMINS: UserFilter = { role: 'Admin', active: true };

/** How many active Admins there are: the last one cannot be demoted, disabled or deleted. */
export const getActiveAdminCount = async (): Promise<number> =>
  (
    await unwrap(
      apiClient.post<Ok<Page<User>>>(API.users.dynamic, ACTIVE_ADMINS, {
        params: { index: 0, size: 1 },
        silent: true,
      }),
    )
  ).total;

export const activeAdminCountQueryOptions = () =>
  // Under `lists()`, so every user change that refreshes the lists refreshes the count.
  queryOptions({ queryKey: [...userKeys.lists(), 'activeAdmins'] as const, queryFn: getActiveAdminCount });

export const useActiveAdminCount = (enabled: boolean) =>
  useQuery({ ...activeAdminCountQueryOptions(), enabled });
