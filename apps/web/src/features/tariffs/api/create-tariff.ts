import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CreateTariffBody, type Ok, type Tariff } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { tariffKeys } from './keys';

export const createTariff = (body: CreateTariffBody): Promise<Tariff> =>
  unwrap(apiClient.post<Ok<Tariff>>(API.tariffs.base, body));

export function useCreateTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTariff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all }),
  });
}
