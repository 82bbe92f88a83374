import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type DeviceModelRefresh, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { deviceModelKey } from './get-device-model';

/** Asks the charger for its full report (GetBaseReport); the API client says its answer, refusals as refusals. */
export const refreshDeviceModel = (id: number): Promise<DeviceModelRefresh> =>
  unwrap(apiClient.post<Ok<DeviceModelRefresh>>(API.chargePoints.deviceModelRefresh(id)));

export function useRefreshDeviceModel(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshDeviceModel(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceModelKey(id) }),
  });
}
