import { API, type PaymentFilter } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The whole filtered list as .xlsx. */
export const exportPayments = async (filter: PaymentFilter, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.post<Blob>(API.payments.excel, filter, {
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
