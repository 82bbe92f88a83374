import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_API, type BulkResult, type DriverBulkBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** Archive, block or activate many drivers: what became of each. */
export const bulkDrivers = (body: DriverBulkBody): Promise<BulkResult> =>
  unwrap(apiClient.post<Ok<BulkResult>>(BULK_API.drivers, body));

export function useBulkDrivers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDrivers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.all }),
  });
}
