import type { SecurityEventFilter } from '@voltline/contract';

/** Query keys of chargers' security events. */
export const securityEventKeys = {
  all: ['securityEvents'] as const,
  list: (index: number, filter: SecurityEventFilter) =>
    [...securityEventKeys.all, 'list', index, filter] as const,
  charger: (chargePointId: string, index: number) =>
    [...securityEventKeys.all, 'charger', chargePointId, index] as const,
};
