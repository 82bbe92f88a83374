import type { PaymentFilter } from '@voltline/contract';

/** Query keys of the payments domain; a refund invalidates `paymentKeys.all`. */
export const paymentKeys = {
  all: ['payments'] as const,
  lists: () => [...paymentKeys.all, 'list'] as const,
  list: (index: number, filter: PaymentFilter) => [...paymentKeys.lists(), index, filter] as const,
};
