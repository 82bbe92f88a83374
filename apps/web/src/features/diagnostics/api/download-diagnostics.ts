import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The file a charger uploaded for one request. */
export const downloadDiagnostics = async (id: number, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.get<Blob>(API.diagnostics.download(id), {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
