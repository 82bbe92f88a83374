import { API, type ChargePointFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The whole filtered list (archived ones included, marked) as .xlsx. */
export const exportChargePoints = async (
  filter: ChargePointFilter,
  onProgress: OnProgress,
): Promise<Blob> => {
  const res = await apiClient.post<Blob>(API.chargePoints.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
