import { API, type DriverDetail, type Ok, type UpdateDriverBody } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const updateDriver = (body: UpdateDriverBody): Promise<DriverDetail> =>
  unwrap(apiClient.put<Ok<DriverDetail>>(API.drivers.save, body));

export const useUpdateDriver = () => useDriverMutation(updateDriver, (body) => body.id);
