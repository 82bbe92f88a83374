import { FIRMWARE_API } from '@voltline/contract';
import type { OnProgress } from '../../../hooks/use-file-download';
import { apiClient } from '../../../lib/api-client';

/** The stored image itself, byte for byte. */
export const downloadFirmware = async (id: number, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.get<Blob>(FIRMWARE_API.download(id), {
    responseType: 'blob',
    timeout: 0,
    onDownloadProgress: onProgress,
  });
  return res.data;
};
