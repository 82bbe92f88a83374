import { API, type BalanceAdjustmentBody, type BalanceEntry, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

/** One ledger entry; the reference makes a retried submit post once. */
export const adjustBalance = (body: BalanceAdjustmentBody): Promise<BalanceEntry> =>
  unwrap(apiClient.post<Ok<BalanceEntry>>(API.drivers.balance, body));

export const useAdjustBalance = () => useDriverMutation(adjustBalance, (body) => body.driverId);
