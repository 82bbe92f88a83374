import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MAINTENANCE_API,
  PAGE_SIZE,
  type MaintenanceLog,
  type MaintenanceLogFilter,
  type Ok,
  type Page,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../lib/api-client';
import { maintenanceKeys } from './keys';

/** Open lists read the log again now and then, so a charger's new fault shows up by itself. */
const REFRESH_MS = 10_000;

/** The network's maintenance log, filtered, newest first. */
export const getMaintenanceLogs = (
  index: number,
  filter: MaintenanceLogFilter,
): Promise<Page<MaintenanceLog>> =>
  unwrap(
    apiClient.post<Ok<Page<MaintenanceLog>>>(MAINTENANCE_API.list, filter, {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const useMaintenanceLogs = (index: number, filter: MaintenanceLogFilter) =>
  useQuery({
    queryKey: maintenanceKeys.list(index, filter),
    queryFn: () => getMaintenanceLogs(index, filter),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

/** One charger's maintenance history (spec: `GET messageTrace/MaintenanceLogs?ChargePointId`). */
export const getChargerMaintenance = (chargePointId: string, index: number): Promise<Page<MaintenanceLog>> =>
  unwrap(
    apiClient.get<Ok<Page<MaintenanceLog>>>(MAINTENANCE_API.list, {
      params: { ChargePointId: chargePointId, index, size: PAGE_SIZE },
    }),
  );

export const useChargerMaintenance = (chargePointId: string, index: number) =>
  useQuery({
    queryKey: maintenanceKeys.charger(chargePointId, index),
    queryFn: () => getChargerMaintenance(chargePointId, index),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
