import { API, type AuditLogFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The whole filtered audit log as .xlsx. */
export const exportAuditLogs = async (filter: AuditLogFilter, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.post<Blob>(API.audit.listExcel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
