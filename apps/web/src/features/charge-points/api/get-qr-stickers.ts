import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';

/** The charge point's QR payment stickers, as the A4 PDF the server draws in the user's language. */
export const getQrStickers = async (id: number, onProgress: OnProgress): Promise<Blob> =>
  (
    await apiClient.get<Blob>(API.chargePoints.qrStickers(id), {
      responseType: 'blob',
      onDownloadProgress: onProgress,
    })
  ).data;
