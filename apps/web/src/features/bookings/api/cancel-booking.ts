import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOOKING_API, type Booking, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { bookingKeys } from './keys';

/** DELETE portal/booking/{id}: CancelReservation, and the booking stops holding. */
export const cancelBooking = (id: number): Promise<Booking> =>
  unwrap(apiClient.delete<Ok<Booking>>(BOOKING_API.byId(id)));

export const useCancelBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
};
