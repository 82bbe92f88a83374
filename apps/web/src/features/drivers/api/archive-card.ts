import { API, type Ok, type RfidCard } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

/** DELETE archives: the card stays on record but no charger accepts it any more. */
export const archiveCard = (cardId: number): Promise<RfidCard> =>
  unwrap(apiClient.delete<Ok<RfidCard>>(API.drivers.cardById(cardId)));

export const useArchiveCard = (driverId: number) => useDriverMutation(archiveCard, () => driverId);
