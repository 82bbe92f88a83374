import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Ok, type Page, type Payment, type PaymentFilter } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export const getPayments = (index: number, filter: PaymentFilter): Promise<Page<Payment>> =>
  unwrap(
    apiClient.post<Ok<Page<Payment>>>(API.payments.dynamic, filter, { params: { index, size: PAGE_SIZE } }),
  );

export const paymentsQueryOptions = (index: number, filter: PaymentFilter) =>
  queryOptions({
    queryKey: paymentKeys.list(index, filter),
    queryFn: () => getPayments(index, filter),
    placeholderData: keepPreviousData,
  });

export const usePayments = (index: number, filter: PaymentFilter) =>
  useQuery(paymentsQueryOptions(index, filter));
