import { API, type DriverAddress, type Ok, type UpdateAddressBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const updateAddress = (body: UpdateAddressBody): Promise<DriverAddress> =>
  unwrap(apiClient.put<Ok<DriverAddress>>(API.drivers.address, body));

export const useUpdateAddress = (driverId: number) => useDriverMutation(updateAddress, () => driverId);
