import { API, type UserFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The whole filtered list as .xlsx. */
export const exportUsers = async (filter: UserFilter, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.post<Blob>(API.users.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
