import { API, type AddVehicleBody, type DriverVehicle, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const addVehicle = (body: AddVehicleBody): Promise<DriverVehicle> =>
  unwrap(apiClient.post<Ok<DriverVehicle>>(API.drivers.vehicles, body));

export const useAddVehicle = () => useDriverMutation(addVehicle, (body) => body.driverId);
