import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BULK_API,
  type BulkResult,
  type ChargePointBulkBody,
  type ChargePointBulkCommandBody,
  type Ok,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** One command to many charge points: what each answered. */
export const bulkCommand = (body: ChargePointBulkCommandBody): Promise<BulkResult> =>
  unwrap(apiClient.post<Ok<BulkResult>>(BULK_API.chargePointCommands, body));

/** Archive, restore or set the tariff of many charge points: what became of each. */
export const bulkArchive = (body: ChargePointBulkBody): Promise<BulkResult> =>
  unwrap(apiClient.post<Ok<BulkResult>>(BULK_API.chargePoints, body));

export function useBulkChargePoints() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all });
  return {
    command: useMutation({ mutationFn: bulkCommand, onSuccess }),
    records: useMutation({ mutationFn: bulkArchive, onSuccess }),
  };
}
