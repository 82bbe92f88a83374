import { queryOptions, useQuery } from '@tanstack/react-query';
import { API, type DeviceModel, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys } from './keys';

/** The OCPP 2.0.1 charger's device model as it last reported it (stored, so also while it is offline). */
export const getDeviceModel = (id: number): Promise<DeviceModel> =>
  unwrap(apiClient.get<Ok<DeviceModel>>(API.chargePoints.deviceModel(id)));

export const deviceModelKey = (id: number) => [...chargePointKeys.all, 'deviceModel', id] as const;

export const deviceModelQueryOptions = (id: number) =>
  queryOptions({ queryKey: deviceModelKey(id), queryFn: () => getDeviceModel(id) });

/** Polls while a requested report has not fully arrived, so the new model shows when it does. */
export const useDeviceModel = (id: number, enabled: boolean) =>
  useQuery({
    ...deviceModelQueryOptions(id),
    enabled,
    refetchInterval: (q) => (q.state.data?.awaitingReport ? 3000 : false),
  });
