import type { ConnectorStatus } from '@voltline/contract';

/** Tag colours of the spec §4 connector statuses. */
export const STATUS_COLORS: Record<ConnectorStatus, string> = {
  Available: 'green',
  Preparing: 'cyan',
  Charging: 'blue',
  SuspendedEV: 'gold',
  SuspendedEVSE: 'orange',
  Finishing: 'geekblue',
  Reserved: 'purple',
  Unavailable: 'default',
  Faulted: 'red',
  Unknown: 'default',
};

export const statusColor = (status: string | null | undefined): string =>
  (status && STATUS_COLORS[status as ConnectorStatus]) || 'default';

/** Statuses in which a command may interrupt a driver's charging. */
export const BUSY_STATUSES: readonly string[] = [
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
];
