import { useMutation } from '@tanstack/react-query';
import { API, type Ok, type ResetPasswordBody } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';

/** The reset token from the e-mailed link is the bearer of this one call. */
export const resetPassword = async ({
  token,
  ...body
}: ResetPasswordBody & { token: string }): Promise<void> => {
  await apiClient.post<Ok<null>>(API.auth.resetPassword, body, {
    skipAuthRefresh: true,
    headers: { Authorization: `Bearer ${token}` },
  });
};

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
