import type { ConnectorStatus, MapPoint } from '@voltline/contract';

export type MapState = MapPoint['state'];
export const MAP_STATES: readonly MapState[] = ['available', 'charging', 'faulted', 'offline'];

/** Charge point states on the map: available green, charging blue, faulted red, offline grey. */
export const STATE_COLORS: Record<MapState, string> = {
  available: '#52c41a',
  charging: '#1677ff',
  faulted: '#f5222d',
  offline: '#8c8c8c',
};

/** The spec §4 connector statuses in the hues of the status tags used across the portal. */
export const CONNECTOR_COLORS: Record<ConnectorStatus, string> = {
  Available: '#52c41a',
  Preparing: '#13c2c2',
  Charging: '#1677ff',
  SuspendedEV: '#faad14',
  SuspendedEVSE: '#fa8c16',
  Finishing: '#2f54eb',
  Reserved: '#722ed1',
  Unavailable: '#bfbfbf',
  Faulted: '#f5222d',
  Unknown: '#8c8c8c',
};

export const connectorColor = (status: string): string =>
  CONNECTOR_COLORS[status as ConnectorStatus] ?? CONNECTOR_COLORS.Unknown;
