import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type UpdateUserBody, type User } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { userKeys } from './keys';

export const updateUser = (body: UpdateUserBody): Promise<User> =>
  unwrap(apiClient.put<Ok<User>>(API.users.save, body));

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
