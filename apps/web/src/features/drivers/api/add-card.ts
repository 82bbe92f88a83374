import { API, type AddRfidCardBody, type Ok, type RfidCard } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const addCard = (body: AddRfidCardBody): Promise<RfidCard> =>
  unwrap(apiClient.post<Ok<RfidCard>>(API.drivers.cards, body));

export const useAddCard = () => useDriverMutation(addCard, (body) => body.driverId);
