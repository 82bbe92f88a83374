import { API, type Ok, type RfidCard } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const unarchiveCard = (cardId: number): Promise<RfidCard> =>
  unwrap(apiClient.put<Ok<RfidCard>>(API.drivers.unarchiveCard(cardId)));

export const useUnarchiveCard = (driverId: number) => useDriverMutation(unarchiveCard, () => driverId);
