import { FIRMWARE_API, type DeviceFirmwareFilter } from '@voltline/contract';
import type { OnProgress } from '../../../hooks/use-file-download';
import { apiClient } from '../../../lib/api-client';

/** Every matching charger's firmware as .xlsx. */
export const exportDeviceFirmware = async (
  filter: DeviceFirmwareFilter,
  onProgress: OnProgress,
): Promise<Blob> => {
  const res = await apiClient.post<Blob>(FIRMWARE_API.devicesExcel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
