import { useMutation } from '@tanstack/react-query';
import { API, type ForgotBody, type Ok } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';

export const forgotPassword = async (body: ForgotBody): Promise<void> => {
  await apiClient.post<Ok<null>>(API.auth.forgot, body, { skipAuthRefresh: true });
};

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
