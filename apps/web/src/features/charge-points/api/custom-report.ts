import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type DeviceModelRefresh, type DeviceModelReportBody, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { deviceModelKey } from './get-device-model';

/** Asks the charger for a custom report (GetReport); the API client says its answer, refusals as refusals. */
export const askCustomReport = (id: number, body: DeviceModelReportBody): Promise<DeviceModelRefresh> =>
  unwrap(apiClient.post<Ok<DeviceModelRefresh>>(API.chargePoints.deviceModelReport(id), body));

export function useCustomReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceModelReportBody) => askCustomReport(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceModelKey(id) }),
  });
}
