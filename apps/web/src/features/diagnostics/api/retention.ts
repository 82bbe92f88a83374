import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type DiagnosticsRetention, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { diagnosticsKeys } from './keys';

export const getRetention = (): Promise<DiagnosticsRetention> =>
  unwrap(apiClient.get<Ok<DiagnosticsRetention>>(API.diagnostics.retention));

export const useRetention = () => useQuery({ queryKey: diagnosticsKeys.retention(), queryFn: getRetention });

export const updateRetention = (value: DiagnosticsRetention): Promise<DiagnosticsRetention> =>
  unwrap(apiClient.put<Ok<DiagnosticsRetention>>(API.diagnostics.retention, value));

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetention,
    onSuccess: (data) => queryClient.setQueryData(diagnosticsKeys.retention(), data),
  });
}
