import { API, type Ok, type RfidCard, type UpdateRfidCardBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

/** Rename a card, change its expiry, block or unblock it. */
export const updateCard = (body: UpdateRfidCardBody): Promise<RfidCard> =>
  unwrap(apiClient.put<Ok<RfidCard>>(API.drivers.cards, body));

export const useUpdateCard = (driverId: number) => useDriverMutation(updateCard, () => driverId);
