import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_API, type BulkResult, type ConnectorBulkBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** Availability, archive/restore or the tariff of many connectors: what became of each. */
export const bulkConnectors = (body: ConnectorBulkBody): Promise<BulkResult> =>
  unwrap(apiClient.post<Ok<BulkResult>>(BULK_API.connectors, body));

export function useBulkConnectors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkConnectors,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargePointKeys.all }),
  });
}
