import { SECURITY_API, type SecurityEventFilter } from '@voltline/contract';
import type { OnProgress } from '../../hooks/use-file-download';
import { apiClient } from '../../lib/api-client';

/** The filtered security events as .xlsx. */
export const exportSecurityEvents = async (
  filter: SecurityEventFilter,
  onProgress: OnProgress,
): Promise<Blob> => {
  const res = await apiClient.post<Blob>(SECURITY_API.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
