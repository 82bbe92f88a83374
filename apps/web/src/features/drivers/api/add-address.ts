import { API, type AddAddressBody, type DriverAddress, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const addAddress = (body: AddAddressBody): Promise<DriverAddress> =>
  unwrap(apiClient.post<Ok<DriverAddress>>(API.drivers.addresses, body));

export const useAddAddress = () => useDriverMutation(addAddress, (body) => body.driverId);
