import type { BookingState } from '@voltline/contract';

/** The list's filters (BookingListQuery without its paging). */
export interface BookingFilter {
  state?: BookingState;
  chargePointId?: string;
  driverId?: number;
  operatorId?: number;
  from?: string;
  to?: string;
}

/** Query keys of bookings: the lists, and what the add form looks up. */
export const bookingKeys = {
  all: ['bookings'] as const,
  list: (index: number, filter: BookingFilter) => [...bookingKeys.all, 'list', index, filter] as const,
  driverCards: (driverId: number) => ['bookings', 'driverCards', driverId] as const,
  connectors: (chargePointId: string) => ['bookings', 'connectors', chargePointId] as const,
};
