import { API, type AuditFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

export const exportUserAuditLogs = async (userId: number, onProgress: OnProgress): Promise<Blob> => {
  const filter: AuditFilter = { sortOrder: 'desc' };
  const res = await apiClient.post<Blob>(API.audit.excel, filter, {
    params: { userId },
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
