import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Ok, type Tariff, type UpdateTariffBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { tariffKeys } from './keys';

/** Partial update; `{ id, retired: true }` retires the tariff. */
export const updateTariff = (body: UpdateTariffBody): Promise<Tariff> =>
  unwrap(apiClient.put<Ok<Tariff>>(API.tariffs.base, body));

export function useUpdateTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTariff,
    onSuccess: (tariff) => {
      queryClient.setQueryData(tariffKeys.detail(tariff.id), tariff);
      return queryClient.invalidateQueries({ queryKey: tariffKeys.lists() });
    },
  });
}
