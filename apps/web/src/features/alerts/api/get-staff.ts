import { useQuery } from '@tanstack/react-query';
import { API, type Ok, type Page, type User } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useCan } from '../../../hooks/use-permission';

const FIVE_MINUTES = 5 * 60_000;

/**
 * The active users in reach, to assign an alert or name a rule's recipients. The user list needs
 * `users:read`; without it (Technical Support) nobody is offered and the pickers stay hidden.
 */
export const getStaff = (): Promise<User[]> =>
  unwrap(
    apiClient.post<Ok<Page<User>>>(
      API.users.dynamic,
      { active: true },
      { params: { index: 0, size: 100 }, silent: true },
    ),
  ).then((p) => p.items);

export function useStaff() {
  const allowed = useCan('users:read');
  const query = useQuery({
    queryKey: ['lookup', 'staff'],
    queryFn: getStaff,
    enabled: allowed,
    staleTime: FIVE_MINUTES,
  });
  return { allowed, ...query };
}
