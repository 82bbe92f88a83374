import { RECEIPT_API, type StatementFormat } from '@voltline/contract';
import { apiClient } from '../lib/api-client';
import type { OnProgress } from '../hooks/use-file-download';

/** A billed session's receipt, as the PDF the server draws in the user's language. */
export const getReceipt = async (sessionId: number, onProgress: OnProgress): Promise<Blob> =>
  (
    await apiClient.get<Blob>(RECEIPT_API.session(sessionId), {
      responseType: 'blob',
      onDownloadProgress: onProgress,
    })
  ).data;

/** A driver's statement of one month (YYYY-MM), as PDF or Excel. */
export const getStatement = async (
  driverId: number,
  month: string,
  format: StatementFormat,
  onProgress: OnProgress,
): Promise<Blob> =>
  (
    await apiClient.get<Blob>(RECEIPT_API.statement(driverId), {
      params: { month, format },
      responseType: 'blob',
      onDownloadProgress: onProgress,
    })
  ).data;
