import type { MaintenanceLogFilter } from '@voltline/contract';

/** Query keys of the maintenance log: the network list and each charger's history. */
export const maintenanceKeys = {
  all: ['maintenanceLogs'] as const,
  list: (index: number, filter: MaintenanceLogFilter) =>
    [...maintenanceKeys.all, 'list', index, filter] as const,
  charger: (chargePointId: string, index: number) =>
    [...maintenanceKeys.all, 'charger', chargePointId, index] as const,
};
