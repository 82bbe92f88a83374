import { API, type SessionFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The whole filtered list as .xlsx; running sessions have their own export. */
export const exportSessions = async (
  filter: SessionFilter,
  active: boolean,
  onProgress: OnProgress,
): Promise<Blob> => {
  const res = await apiClient.post<Blob>(active ? API.sessions.activeExcel : API.sessions.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
