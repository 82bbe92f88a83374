import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type DeviceEvent, type EventTrigger, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

/** The list's narrowing: a component's name, a trigger, a severity and graver. */
export interface DeviceEventFilter {
  component?: string;
  trigger?: EventTrigger;
  severity?: number;
}

export const getDeviceEvents = (
  id: number,
  index: number,
  filter: DeviceEventFilter,
): Promise<Page<DeviceEvent>> =>
  unwrap(
    apiClient.get<Ok<Page<DeviceEvent>>>(API.chargePoints.events(id), {
      params: { index, size: PAGE_SIZE, ...filter },
    }),
  );

export const deviceEventsQueryOptions = (id: number, index: number, filter: DeviceEventFilter) =>
  queryOptions({
    queryKey: chargePointKeys.events(id, index, filter),
    queryFn: () => getDeviceEvents(id, index, filter),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });

/** The events a charger reported about its parts (OCPP 2.0.1 NotifyEvent), newest first. */
export const useDeviceEvents = (id: number, index: number, filter: DeviceEventFilter) =>
  useQuery(deviceEventsQueryOptions(id, index, filter));
