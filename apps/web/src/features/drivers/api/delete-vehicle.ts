import { API } from '@voltline/contract';
import { apiClient } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const deleteVehicle = async (id: number): Promise<void> => {
  await apiClient.delete(API.drivers.vehicleById(id));
};

export const useDeleteVehicle = (driverId: number) => useDriverMutation(deleteVehicle, () => driverId);
