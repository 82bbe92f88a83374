import { API, type DriverFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The whole filtered list as .xlsx. */
export const exportDrivers = async (filter: DriverFilter, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.post<Blob>(API.drivers.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
