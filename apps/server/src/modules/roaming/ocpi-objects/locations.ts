import { alpha3 } from './countries.js';
import { toOcpiConnector } from './connectors.js';
import {
  latest,
  type LocationOptions,
  type PublishedChargePoint,
  type PublishedConnector,
  type PublishedLocationRow,
} from './rows.js';
import type { Capability, CpoIdentity, Evse, EvseStatus, GeoLocation, Hours, Location } from './types.js';

/**
 * Voltline's charge points as OCPI 2.2.1 Locations. Voltline has no site: each charge point is
 * one Location (id = the charge point's database id), each of its connector rows one EVSE (uid =
 * the connector row's id) with one Connector (id "1"). Pure functions over the rows the
 * publication repository loads.
 */

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
