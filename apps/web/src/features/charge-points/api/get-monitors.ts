import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type MonitorList, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** The variable monitors the OCPP 2.0.1 charger last reported or accepted, with its base and level. */
export const getMonitors = (id: number): Promise<MonitorList> =>
  unwrap(apiClient.get<Ok<MonitorList>>(API.chargePoints.monitors(id)));

export const monitorsKey = (id: number) => [...chargePointKeys.all, 'monitors', id] as const;

/** Polls while a requested report has not fully arrived, so the monitors show when it does. */
export const useMonitors = (id: number) =>
  useQuery({
    ...queryOptions({ queryKey: monitorsKey(id), queryFn: () => getMonitors(id) }),
    refetchInterval: (q) => (q.state.data?.awaitingReport ? 3000 : false),
  });
