import type { Obj } from './types.js';

export const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?$/;
export const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// ——— Object checks, from the required (card. 1 and +) fields of each module's object ———

type Check = (v: unknown) => string | null;
export const str: Check = (v) => (typeof v === 'string' && v.length > 0 ? null : 'a non-empty string');
const bool: Check = (v) => (typeof v === 'boolean' ? null : 'a boolean');
const num: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? null : 'a number');
export const int: Check = (v) => (Number.isInteger(v) ? null : 'an integer');
export const dateTime: Check = (v) =>
  typeof v === 'string' && DATETIME.test(v) ? null : 'a DateTime (RFC 3339, UTC)';
export const cc: Check = (v) => (typeof v === 'string' && /^[A-Za-z]{2}$/.test(v) ? null : 'a CiString(2)');
export const pid: Check = (v) =>
  typeof v === 'string' && /^[A-Za-z0-9]{3}$/.test(v) ? null : 'a CiString(3)';
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : `one of ${values.join(', ')}`;
export const obj =
  (fields: Record<string, Check>): Check =>
  (v) =>
    isObj(v) ? missing(v, fields) : 'an object';
export const list =
  (each: Check, min = 0): Check =>
  (v) => {
    if (!Array.isArray(v)) return 'an array';
    if (v.length < min) return `an array of at least ${min}`;
    for (const [i, e] of v.entries()) {
      const err = each(e);
      if (err) return `[${i}] ${err}`;
    }
    return null;
  };
export function missing(o: Obj, fields: Record<string, Check>): string | null {
  for (const [name, check] of Object.entries(fields)) {
    if (o[name] === undefined || o[name] === null) return `${name} is required`;
    const err = check(o[name]);
    if (err) return `${name} must be ${err}`;
  }
  return null;
}

const coordinates = obj({
  latitude: (v) =>
    typeof v === 'string' && /^-?[0-9]{1,2}\.[0-9]{5,7}$/.test(v) ? null : 'a latitude string',
  longitude: (v) =>
    typeof v === 'string' && /^-?[0-9]{1,3}\.[0-9]{5,7}$/.test(v) ? null : 'a longitude string',
});
const CONNECTOR: Record<string, Check> = {
  id: str,
  standard: str,
  format: oneOf('SOCKET', 'CABLE'),
  power_type: oneOf('AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC'),
  max_voltage: int,
  max_amperage: int,
  last_updated: dateTime,
};
const EVSE_STATUS = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
];
const EVSE: Record<string, Check> = {
  uid: str,
  status: oneOf(...EVSE_STATUS),
  connectors: list(obj(CONNECTOR), 1),
  last_updated: dateTime,
};
const LOCATION: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  publish: bool,
  address: str,
  city: str,
  country: (v) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? null : 'an ISO 3166-1 alpha-3 code'),
  coordinates,
  time_zone: str,
  last_updated: dateTime,
};
const price = obj({ excl_vat: num });
const TARIFF: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  currency: (v) => (typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? null : 'an ISO 4217 code'),
  elements: list(
    obj({
      price_components: list(
        obj({ type: oneOf('ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'), price: num, step_size: int }),
        1,
      ),
    }),
    1,
  ),
  last_updated: dateTime,
};
const TOKEN_TYPE = oneOf('AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID');
const cdrToken = obj({ country_code: cc, party_id: pid, uid: str, type: TOKEN_TYPE, contract_id: str });
const AUTH_METHOD = oneOf('AUTH_REQUEST', 'COMMAND', 'WHITELIST');
const SESSION: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  start_date_time: dateTime,
  kwh: num,
  cdr_token: cdrToken,
  auth_method: AUTH_METHOD,
  location_id: str,
  evse_uid: str,
  connector_id: str,
  currency: TARIFF.currency!,
  status: oneOf('ACTIVE', 'COMPLETED', 'INVALID', 'PENDING', 'RESERVATION'),
  last_updated: dateTime,
};
const CDR: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  id: str,
  start_date_time: dateTime,
  end_date_time: dateTime,
  cdr_token: cdrToken,
  auth_method: AUTH_METHOD,
  cdr_location: obj({
    id: str,
    address: str,
    city: str,
    country: LOCATION.country!,
    coordinates,
    evse_uid: str,
    evse_id: str,
    connector_id: str,
    connector_standard: str,
    connector_format: CONNECTOR.format!,
    connector_power_type: CONNECTOR.power_type!,
  }),
  currency: TARIFF.currency!,
  charging_periods: list(
    obj({ start_date_time: dateTime, dimensions: list(obj({ type: str, volume: num }), 1) }),
    1,
  ),
  total_cost: price,
  total_energy: num,
  total_time: num,
  last_updated: dateTime,
};
const TOKEN: Record<string, Check> = {
  country_code: cc,
  party_id: pid,
  uid: str,
  type: TOKEN_TYPE,
  contract_id: str,
  issuer: str,
  valid: bool,
  whitelist: oneOf('ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'),
  last_updated: dateTime,
};
export const COMMAND_RESPONSE: Record<string, Check> = {
  result: oneOf('NOT_SUPPORTED', 'REJECTED', 'ACCEPTED', 'UNKNOWN_SESSION'),
  timeout: int,
};
export const COMMAND_RESULT: Record<string, Check> = {
  result: oneOf(
    'ACCEPTED',
    'CANCELED_RESERVATION',
    'EVSE_OCCUPIED',
    'EVSE_INOPERATIVE',
    'FAILED',
    'NOT_SUPPORTED',
    'REJECTED',
    'TIMEOUT',
    'UNKNOWN_RESERVATION',
  ),
};
export const VALIDATORS = {
  location: LOCATION,
  evse: EVSE,
  connector: CONNECTOR,
  tariff: TARIFF,
  session: SESSION,
  cdr: CDR,
  token: TOKEN,
};
/** Checks an object's required fields as the module's text lists them; null when valid. */
export function invalidOcpiObject(kind: keyof typeof VALIDATORS, value: unknown): string | null {
  return isObj(value) ? missing(value, VALIDATORS[kind]) : `a ${kind} must be an object`;
}
