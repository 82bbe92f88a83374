import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API,
  PAGE_SIZE,
  type BalanceEntry,
  type BalanceEntryKind,
  type Ok,
  type Page,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

export const getLedger = (
  driverId: number,
  index: number,
  kind?: BalanceEntryKind,
): Promise<Page<BalanceEntry>> =>
  unwrap(
    apiClient.get<Ok<Page<BalanceEntry>>>(API.drivers.ledger(driverId), {
      params: { index, size: PAGE_SIZE, kind },
    }),
  );

export const ledgerQueryOptions = (driverId: number, index: number, kind?: BalanceEntryKind) =>
  queryOptions({
    queryKey: driverKeys.ledger(driverId, index, kind),
    queryFn: () => getLedger(driverId, index, kind),
    placeholderData: keepPreviousData,
  });

export const useLedger = (driverId: number, index: number, kind?: BalanceEntryKind) =>
  useQuery(ledgerQueryOptions(driverId, index, kind));
