import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CreateUserBody, type Ok, type User } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { userKeys } from './keys';

export const createUser = (body: CreateUserBody): Promise<User> =>
  unwrap(apiClient.post<Ok<User>>(API.users.save, body));

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
