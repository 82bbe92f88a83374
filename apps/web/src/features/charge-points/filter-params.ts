import {
  CHARGE_POINT_STATES,
  CONNECTION_STATES,
  CONNECTOR_STATUSES,
  OCPP_PROTOCOLS,
  type ChargePointFilter,
  type ChargePointState,
  type ConnectorStatus,
} from '@voltline/contract';
import type { DeviceList } from './api/keys';

export const DEVICE_LISTS: readonly DeviceList[] = ['active', 'inactive', 'archived', 'all'];

export interface DeviceListState {
  kind: DeviceList;
  index: number;
  filter: ChargePointFilter;
}

const TEXT_KEYS = ['search', 'brand', 'model', 'city'] as const;

/** The list's tab, page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): DeviceListState {
  const list = params.get('list');
  const kind = DEVICE_LISTS.find((k) => k === list) ?? 'active';
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: ChargePointFilter = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const operatorId = Number.parseInt(params.get('operatorId') ?? '', 10);
  if (operatorId > 0) filter.operatorId = operatorId;
  const connection = params.get('connection');
  if (connection === CONNECTION_STATES[0] || connection === CONNECTION_STATES[1])
    filter.connection = connection;
  const status = params.get('status');
  if (status && (CONNECTOR_STATUSES as readonly string[]).includes(status))
    filter.status = status as ConnectorStatus;
  const state = params.get('state');
  if (state && (CHARGE_POINT_STATES as readonly string[]).includes(state))
    filter.state = state as ChargePointState;
  const protocol = OCPP_PROTOCOLS.find((p) => p === params.get('protocol'));
  if (protocol) filter.ocppProtocol = protocol;
  const registration = params.get('registration');
  if (registration === 'pending' || registration === 'rejected') filter.registrationStatus = registration;
  return { kind, index, filter };
}

export function filterToParams({ kind, index, filter }: DeviceListState): URLSearchParams {
  const params = new URLSearchParams();
  if (kind !== 'active') params.set('list', kind);
  if (index > 0) params.set('index', String(index));
  for (const key of TEXT_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.operatorId) params.set('operatorId', String(filter.operatorId));
  if (filter.connection) params.set('connection', filter.connection);
  if (filter.status) params.set('status', filter.status);
  if (filter.state) params.set('state', filter.state);
  if (filter.ocppProtocol) params.set('protocol', filter.ocppProtocol);
  if (filter.registrationStatus) params.set('registration', filter.registrationStatus);
  return params;
}
