import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BOOKING_API, PAGE_SIZE, type Booking, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { bookingKeys, type BookingFilter } from './keys';

/** Open lists read again now and then, so a booking used or expired shows it by itself. */
const REFRESH_MS = 10_000;

export const getBookings = (index: number, filter: BookingFilter): Promise<Page<Booking>> =>
  unwrap(
    apiClient.get<Ok<Page<Booking>>>(BOOKING_API.base, { params: { ...filter, index, size: PAGE_SIZE } }),
  );

export const useBookings = (index: number, filter: BookingFilter) =>
  useQuery({
    queryKey: bookingKeys.list(index, filter),
    queryFn: () => getBookings(index, filter),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
