import { MAINTENANCE_API, type MaintenanceLogFilter } from '@voltline/contract';
import { apiClient } from '../../lib/api-client';
import type { OnProgress } from '../../hooks/use-file-download';

/** The filtered maintenance log as .xlsx. */
export const exportMaintenanceLogs = async (
  filter: MaintenanceLogFilter,
  onProgress: OnProgress,
): Promise<Blob> => {
  const res = await apiClient.post<Blob>(MAINTENANCE_API.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
