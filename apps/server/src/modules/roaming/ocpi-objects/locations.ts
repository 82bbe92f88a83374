import { alpha3 } from './countries.js';
import type {
  Capability,
  Connector,
  ConnectorFormat,
  ConnectorStandard,
  CpoIdentity,
  Evse,
  EvseStatus,
  GeoLocation,
  Hours,
  Location,
  PowerType,
} from './types.js';

/**
 * Voltline's charge points as OCPI 2.2.1 Locations. Voltline has no site: each charge point is
 * one Location (id = the charge point's database id), each of its connector rows one EVSE (uid =
 * the connector row's id) with one Connector (id "1"). Pure functions over the rows the
 * publication repository loads.
 */

/** The charge point's columns a Location is made of. */
export interface PublishedChargePoint {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  zipCode: string | null;
  countryCode: string | null;
  openingTime: string | null;
  closingTime: string | null;
  maxPower: number | null;
  powerUnit: string;
  /** Connector 0's OCPP status: the charger as a whole. */
  status: string | null;
  connected: boolean;
  statusAt: Date | null;
  lastConnectedAt: Date | null;
  lastDisconnectedAt: Date | null;
  updatedAt: Date;
}

/** A connector row (an EVSE) of a published charge point. */
export interface PublishedConnector {
  id: number;
  chargePointId: number;
  /** The OCPP connector number. */
  connectorId: number;
  connectorType: string | null;
  evseUid: string | null;
  /** W */
  maximumPower: number | null;
  /** Its tariff when one is set and not retired. */
  tariffId: number | null;
  /** OCPP status as last reported. */
  status: string;
  statusAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
}

export interface PublishedLocationRow {
  chargePoint: PublishedChargePoint;
  operator: { id: number; name: string; timeZone: string };
  connectors: PublishedConnector[];
}

export interface LocationOptions {
  /** A partner's chosen tariff: every connector shows it instead of its own. */
  tariffId?: number | null;
}

/** The latest of some instants, as OCPI's DateTime (UTC with Z). */
export function latest(...dates: (Date | null | undefined)[]): string {
  let max = 0;
  for (const d of dates) if (d && d.getTime() > max) max = d.getTime();
  return new Date(max).toISOString();
}

/**
 * A coordinate as OCPI writes it: 7 decimals (`41.0082000`), fewer when the spec's length
 * (10 for a latitude, 11 for a longitude) would be passed (`-33.8688000` → `-33.868800`).
 */
export function coordinate(value: number, maxLength: number): string {
  for (const decimals of [7, 6, 5]) {
    const s = value.toFixed(decimals);
    if (s.length <= maxLength) return s;
  }
  return value.toFixed(5);
}

export function geoLocation(latitude: number, longitude: number): GeoLocation {
  return { latitude: coordinate(latitude, 10), longitude: coordinate(longitude, 11) };
}

/** OCPI allows at most `max` characters in a field; longer texts are cut. */
const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

const OCPP_TO_EVSE: Record<string, EvseStatus> = {
  Available: 'AVAILABLE',
  Preparing: 'CHARGING',
  Charging: 'CHARGING',
  SuspendedEV: 'CHARGING',
  SuspendedEVSE: 'CHARGING',
  Finishing: 'CHARGING',
  Occupied: 'CHARGING',
  Reserved: 'RESERVED',
  Unavailable: 'INOPERATIVE',
  Faulted: 'OUTOFORDER',
};

/**
 * An EVSE's OCPI status: REMOVED once archived; UNKNOWN while the charger is not connected (its
 * last report may be stale); else the connector's OCPP status, the charger's own (connector 0)
 * when that says the whole charger is Faulted, or Unavailable for a free connector.
 */
export function evseStatus(
  cp: Pick<PublishedChargePoint, 'connected' | 'status'>,
  c: Pick<PublishedConnector, 'status' | 'archivedAt'>,
): EvseStatus {
  if (c.archivedAt) return 'REMOVED';
  if (!cp.connected) return 'UNKNOWN';
  if (cp.status === 'Faulted') return 'OUTOFORDER';
  // A charger made Unavailable finishes the charge under way; its free connectors take no new one.
  if (cp.status === 'Unavailable' && c.status === 'Available') return 'INOPERATIVE';
  return OCPP_TO_EVSE[c.status] ?? 'UNKNOWN';
}

/**
 * The eMI3 EVSE id: the one staff set on the connector, else `CC*PTY*E{charge point id}*{connector}`
 * (OCPI EvseId, ISO 15118 form).
 */
export function evseId(
  identity: CpoIdentity,
  chargePointId: number,
  c: Pick<PublishedConnector, 'evseUid' | 'connectorId'>,
): string {
  const own = c.evseUid?.trim();
  if (own) return cut(own, 48);
  return `${identity.countryCode}*${identity.partyId}*E${chargePointId}*${c.connectorId}`;
}

interface Plug {
  standard: ConnectorStandard;
  format: ConnectorFormat;
  powerType: PowerType;
}

/** Above this a GB/T or Tesla connector is taken for DC (W). */
const AC_MAX_W = 22_000;

/** Voltline's connector type (contract CONNECTOR_TYPES) as an OCPI standard, format and power type. */
export function plugOf(connectorType: string | null, powerW: number | null): Plug {
  const dc = powerW !== null && powerW > AC_MAX_W;
  switch (connectorType) {
    case 'Type1':
      return { standard: 'IEC_62196_T1', format: 'CABLE', powerType: 'AC_1_PHASE' };
    case 'CCS1':
      return { standard: 'IEC_62196_T1_COMBO', format: 'CABLE', powerType: 'DC' };
    case 'CCS2':
      return { standard: 'IEC_62196_T2_COMBO', format: 'CABLE', powerType: 'DC' };
    case 'CHAdeMO':
      return { standard: 'CHADEMO', format: 'CABLE', powerType: 'DC' };
    case 'GB/T':
      return dc
        ? { standard: 'GBT_DC', format: 'CABLE', powerType: 'DC' }
        : { standard: 'GBT_AC', format: 'SOCKET', powerType: 'AC_3_PHASE' };
    case 'Tesla':
      return { standard: 'TESLA_S', format: 'CABLE', powerType: dc ? 'DC' : 'AC_3_PHASE' };
    case 'Schuko':
      return { standard: 'DOMESTIC_F', format: 'SOCKET', powerType: 'AC_1_PHASE' };
    default:
      // Type2, and a connector whose type was never set: the European AC socket.
      return { standard: 'IEC_62196_T2', format: 'SOCKET', powerType: 'AC_3_PHASE' };
  }
}

/** Voltage (V, line to neutral for AC as OCPI counts it) and phases of a power type. */
const ELECTRICS: Record<PowerType, { voltage: number; phases: number; defaultW: number }> = {
  AC_1_PHASE: { voltage: 230, phases: 1, defaultW: 7_400 },
  AC_2_PHASE: { voltage: 230, phases: 2, defaultW: 14_700 },
  AC_2_PHASE_SPLIT: { voltage: 230, phases: 2, defaultW: 14_700 },
  AC_3_PHASE: { voltage: 230, phases: 3, defaultW: 22_000 },
  DC: { voltage: 920, phases: 1, defaultW: 50_000 },
};

/** The charger's maximum in W (its max power may be stated in A). */
function chargerPowerW(cp: PublishedChargePoint, powerType: PowerType): number | null {
  if (cp.maxPower === null || cp.maxPower <= 0) return null;
  if (cp.powerUnit !== 'A') return cp.maxPower;
  const e = ELECTRICS[powerType];
  return cp.maxPower * e.voltage * e.phases;
}

export function toOcpiConnector(
  cp: PublishedChargePoint,
  c: PublishedConnector,
  options: LocationOptions = {},
): Connector {
  const statedW = c.maximumPower !== null && c.maximumPower > 0 ? c.maximumPower : null;
  const hint = statedW ?? (cp.powerUnit === 'A' ? null : cp.maxPower);
  const plug = plugOf(c.connectorType, hint);
  const e = ELECTRICS[plug.powerType];
  const power = statedW ?? chargerPowerW(cp, plug.powerType) ?? e.defaultW;
  const tariffId = options.tariffId ?? c.tariffId;
  return {
    id: '1',
    standard: plug.standard,
    format: plug.format,
    power_type: plug.powerType,
    max_voltage: e.voltage,
    max_amperage: Math.round(power / (e.voltage * e.phases)),
    max_electric_power: Math.round(power),
    ...(tariffId ? { tariff_ids: [String(tariffId)] } : {}),
    last_updated: latest(c.createdAt, cp.updatedAt),
  };
}

const CAPABILITIES: Capability[] = ['RFID_READER', 'REMOTE_START_STOP_CAPABLE', 'RESERVABLE'];

export function toOcpiEvse(
  identity: CpoIdentity,
  cp: PublishedChargePoint,
  c: PublishedConnector,
  options: LocationOptions = {},
): Evse {
  return {
    uid: String(c.id),
    evse_id: evseId(identity, cp.id, c),
    status: evseStatus(cp, c),
    capabilities: [...CAPABILITIES],
    connectors: [toOcpiConnector(cp, c, options)],
    ...(cp.latitude !== null && cp.longitude !== null
      ? { coordinates: geoLocation(cp.latitude, cp.longitude) }
      : {}),
    physical_reference: String(c.connectorId),
    last_updated: evseLastUpdated(cp, c),
  };
}

function evseLastUpdated(cp: PublishedChargePoint, c: PublishedConnector): string {
  return latest(
    c.createdAt,
    c.statusAt,
    c.archivedAt,
    cp.updatedAt,
    cp.statusAt,
    cp.lastConnectedAt,
    cp.lastDisconnectedAt,
  );
}

/** A location's last_updated: the latest change of the charge point or any of its connectors. */
export function locationLastUpdated(row: PublishedLocationRow): string {
  const cp = row.chargePoint;
  return latest(
    cp.updatedAt,
    cp.statusAt,
    cp.lastConnectedAt,
    cp.lastDisconnectedAt,
    ...row.connectors.flatMap((c) => [c.createdAt, c.statusAt, c.archivedAt]),
  );
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Opening hours: the same hours every day; a closing time before the opening time runs past
 * midnight (each day 00:00–closing and opening–23:59). No hours (or 00:00–00:00): always open.
 */
export function openingTimes(open: string | null, close: string | null): Hours {
  if (!open || !close || !HHMM.test(open) || !HHMM.test(close) || open === close) {
    return { twentyfourseven: true };
  }
  if (open === '00:00' && close === '23:59') return { twentyfourseven: true };
  const days = [1, 2, 3, 4, 5, 6, 7];
  if (open < close) {
    return {
      twentyfourseven: false,
      regular_hours: days.map((weekday) => ({ weekday, period_begin: open, period_end: close })),
    };
  }
  return {
    twentyfourseven: false,
    regular_hours: days.flatMap((weekday) => [
      ...(close === '00:00' ? [] : [{ weekday, period_begin: '00:00', period_end: close }]),
      { weekday, period_begin: open, period_end: '23:59' },
    ]),
  };
}

function address(cp: PublishedChargePoint): string {
  return cut([cp.addressLine1, cp.addressLine2].filter((s) => s && s.trim()).join(', '), 45);
}

/**
 * A published charge point as an OCPI Location, its connectors as EVSEs. The country is alpha-3
 * (the CPO's own country when the charge point has none or an unknown code).
 */
export function toOcpiLocation(
  identity: CpoIdentity,
  row: PublishedLocationRow,
  options: LocationOptions = {},
): Location {
  const cp = row.chargePoint;
  const operator = { name: cut(row.operator.name, 100) };
  return {
    country_code: identity.countryCode,
    party_id: identity.partyId,
    id: String(cp.id),
    publish: true,
    name: cut(cp.name, 255),
    address: address(cp),
    city: cut(cp.city?.trim() ?? '', 45),
    ...(cp.zipCode?.trim() ? { postal_code: cut(cp.zipCode.trim(), 10) } : {}),
    country: alpha3(cp.countryCode) ?? alpha3(identity.countryCode) ?? 'TUR',
    coordinates: geoLocation(cp.latitude ?? 0, cp.longitude ?? 0),
    evses: row.connectors.map((c) => toOcpiEvse(identity, cp, c, options)),
    operator,
    owner: operator,
    time_zone: row.operator.timeZone,
    opening_times: openingTimes(cp.openingTime, cp.closingTime),
    last_updated: locationLastUpdated(row),
  };
}
