import { API, type DriverVehicle, type Ok, type UpdateVehicleBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const updateVehicle = (body: UpdateVehicleBody): Promise<DriverVehicle> =>
  unwrap(apiClient.put<Ok<DriverVehicle>>(API.drivers.vehicle, body));

export const useUpdateVehicle = (driverId: number) => useDriverMutation(updateVehicle, () => driverId);
