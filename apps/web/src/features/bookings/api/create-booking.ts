import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOOKING_API, type Booking, type NewBooking, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { bookingKeys } from './keys';

export const createBooking = (body: NewBooking): Promise<Booking> =>
  unwrap(apiClient.post<Ok<Booking>>(BOOKING_API.base, body));

export const useCreateBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
};
