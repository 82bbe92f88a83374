import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API,
  type MonitorAnswer,
  type MonitoringSettingsAnswer,
  type MonitoringSettingsBody,
  type MonitorReportAnswer,
  type MonitorReportBody,
  type Ok,
  type SetMonitorBody,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { monitorsKey } from './get-monitors';

/** N04 SetVariableMonitoring of one monitor; the API client says the charger's answer, refusals as refusals. */
export const setMonitor = (id: number, body: SetMonitorBody): Promise<MonitorAnswer> =>
  unwrap(apiClient.post<Ok<MonitorAnswer>>(API.chargePoints.monitors(id), body));

/** N06 ClearVariableMonitoring of one monitor. */
export const clearMonitor = (id: number, monitorId: number): Promise<MonitorAnswer> =>
  unwrap(apiClient.delete<Ok<MonitorAnswer>>(API.chargePoints.monitor(id, monitorId)));

/** N02 GetMonitoringReport; the list updates when the report arrives. */
export const reportMonitors = (id: number, body: MonitorReportBody): Promise<MonitorReportAnswer> =>
  unwrap(apiClient.post<Ok<MonitorReportAnswer>>(API.chargePoints.monitorsReport(id), body));

/** N03 SetMonitoringBase and/or N05 SetMonitoringLevel. */
export const setMonitoring = (id: number, body: MonitoringSettingsBody): Promise<MonitoringSettingsAnswer> =>
  unwrap(apiClient.put<Ok<MonitoringSettingsAnswer>>(API.chargePoints.monitoring(id), body));

/** Each changes what the charger holds: the list is read again once the charger answered. */
function useMonitorMutation<A, R>(id: number, fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorsKey(id) }),
  });
}

export const useSetMonitor = (id: number) => useMonitorMutation(id, (b: SetMonitorBody) => setMonitor(id, b));
export const useClearMonitor = (id: number) => useMonitorMutation(id, (m: number) => clearMonitor(id, m));
export const useReportMonitors = (id: number) =>
  useMonitorMutation(id, (b: MonitorReportBody) => reportMonitors(id, b));
export const useSetMonitoring = (id: number) =>
  useMonitorMutation(id, (b: MonitoringSettingsBody) => setMonitoring(id, b));
