import { BOOKING_API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import type { OnProgress } from '../../../hooks/use-file-download';
import type { BookingFilter } from './keys';

/** The filtered bookings as .xlsx. */
export const exportBookings = async (filter: BookingFilter, onProgress: OnProgress): Promise<Blob> => {
  const res = await apiClient.get<Blob>(BOOKING_API.excel, {
    params: filter,
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
