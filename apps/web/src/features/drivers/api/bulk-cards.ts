import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_API, type BulkResult, type CardBulkBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** Block, unblock, archive or restore many RFID cards: what became of each. */
export const bulkCards = (body: CardBulkBody): Promise<BulkResult> =>
  unwrap(apiClient.post<Ok<BulkResult>>(BULK_API.cards, body));

export function useBulkCards(driverId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCards,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: driverKeys.driver(driverId) }),
        queryClient.invalidateQueries({ queryKey: driverKeys.lists() }),
      ]),
  });
}
