import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const deleteAddress = async (id: number): Promise<void> => {
  await apiClient.delete(API.drivers.addressById(id));
};

export const useDeleteAddress = (driverId: number) => useDriverMutation(deleteAddress, () => driverId);
