import { API, type DriverDetail, type ManageStatusBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { useDriverMutation } from './use-driver-mutation';

export const manageStatus = (body: ManageStatusBody): Promise<DriverDetail> =>
  unwrap(apiClient.post<Ok<DriverDetail>>(API.drivers.manageStatus, body));

export const useManageStatus = () => useDriverMutation(manageStatus, (body) => body.driverId);
