import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  SECURITY_API,
  type Ok,
  type Page,
  type SecurityEvent,
  type SecurityEventFilter,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../lib/api-client';
import { securityEventKeys } from './keys';

/** Open lists read again now and then, so a charger's new event shows up by itself. */
const REFRESH_MS = 10_000;

/** The network's security events, filtered, newest first. */
export const getSecurityEvents = (index: number, filter: SecurityEventFilter): Promise<Page<SecurityEvent>> =>
  unwrap(
    apiClient.post<Ok<Page<SecurityEvent>>>(SECURITY_API.events, filter, {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const useSecurityEvents = (index: number, filter: SecurityEventFilter) =>
  useQuery({
    queryKey: securityEventKeys.list(index, filter),
    queryFn: () => getSecurityEvents(index, filter),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** One charger's security events. */
export const getChargerSecurityEvents = (
  chargePointId: string,
  index: number,
): Promise<Page<SecurityEvent>> =>
  unwrap(
    apiClient.get<Ok<Page<SecurityEvent>>>(SECURITY_API.events, {
      params: { ChargePointId: chargePointId, index, size: PAGE_SIZE },
    }),
  );

export const useChargerSecurityEvents = (chargePointId: string, index: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: securityEventKeys.charger(chargePointId, index),
    queryFn: () => getChargerSecurityEvents(chargePointId, index),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
