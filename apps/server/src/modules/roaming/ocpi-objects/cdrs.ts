import type { TariffSnapshot } from '@voltline/contract';
import type { ReceiptFigures } from '../../receipts/figures.js';
import { toOcpiConnector } from './connectors.js';
import { evseId, geoLocation } from './locations.js';
import { alpha3 } from './countries.js';
import type { PublishedLocationRow } from './rows.js';
import { minorDigits, toOcpiTariff } from './tariffs.js';
import type { CpoIdentity, Price, Tariff } from './types.js';

/**
 * A partner's charging session as OCPI 2.2.1 Session (§9.3.1) and CDR (§10.3.1) objects. Pure
 * functions of what the roaming sessions repository loads: the charging session, the token it ran
 * on (copied when it started), where it ran and, for a CDR, its bill as the receipt states it, so
 * the CDR's totals are the bill to the cent.
 */

export interface RoamingSessionFacts {
  sessionId: number;
  startedAt: Date;
  stoppedAt: Date | null;
  /** When the car stopped drawing energy: parking after it. */
  chargingEndedAt: Date | null;
  /** Voltline's session state (active, completed, failed, refused, review). */
  state: string;
  energyWh: number;
  updatedAt: Date;
  currency: string;
  tariff: TariffSnapshot | null;
  /** The operator's VAT rate (basis points), for snapshots without their own. */
  operatorVatRate: number;
  token: { countryCode: string; partyId: string; uid: string; type: string; contractId: string };
  /** AUTH_REQUEST (real-time), WHITELIST, COMMAND (the partner's START_SESSION). */
  authMethod: 'AUTH_REQUEST' | 'WHITELIST' | 'COMMAND';
  authorizationReference: string | null;
  chargePointIdentity: string;
  /** The charge point and its connector row (the OCPI location and EVSE). */
  location: PublishedLocationRow;
  connectorRowId: number;
  /** The running cost so far, gross (minor units), while the session runs. */
  runningCost: number | null;
}

export interface SignedValue {
  nature: 'Start' | 'End' | 'Intermediate';
  plain_data: string;
  signed_data: string;
}
export interface SignedData {
  encoding_method: string;
  encoding_method_version?: number;
  public_key?: string;
  signed_values: SignedValue[];
}

export const toMajor = (minor: number, currency: string) =>
  Math.round((minor / 10 ** minorDigits(currency)) * 10_000) / 10_000;
const hours = (ms: number) => Math.round((Math.max(0, ms) / 3_600_000) * 10_000) / 10_000;
const kwh = (wh: number) => Math.round(Math.max(0, wh)) / 1000;
const price = (net: number, gross: number, currency: string): Price => ({
  excl_vat: toMajor(net, currency),
  incl_vat: toMajor(gross, currency),
});

function vatRateOf(f: RoamingSessionFacts): number {
  return f.tariff?.vatRate ?? f.operatorVatRate;
}

/** Net of a gross amount at `rate` basis points, VAT half up (the receipts' rule). */
export function netOfGross(gross: number, rate: number): number {
  const vat = Number(
    (BigInt(gross) * BigInt(rate) * 2n + BigInt(10_000 + rate)) / (BigInt(10_000 + rate) * 2n),
  );
  return gross - vat;
}

/** The tariff a session was billed by, as the OCPI Tariff its CDR names. */
export function snapshotTariff(identity: CpoIdentity, f: RoamingSessionFacts): Tariff | null {
  const t = f.tariff;
  if (!t) return null;
  return toOcpiTariff(identity, {
    id: t.id,
    name: t.name,
    currency: t.currency,
    paymentType: t.paymentType,
    pricePerKwh: t.pricePerKwh,
    limitKwh: t.limitKwh,
    overLimitPricePerKwh: t.overLimitPricePerKwh,
    fixedPrice: t.fixedPrice,
    components: t.components ?? null,
    validFrom: null,
    validTo: null,
    updatedAt: f.startedAt,
    vatRate: vatRateOf(f),
    pricesIncludeVat: t.pricesIncludeVat ?? true,
  });
}

/**
 * The session's charging periods: charging from the start (ENERGY in kWh, TIME in hours), then,
 * when the car stopped drawing energy before the end, parking (PARKING_TIME in hours).
 */
export function chargingPeriods(f: RoamingSessionFacts, end: Date) {
  const tariffId = f.tariff ? { tariff_id: String(f.tariff.id) } : {};
  const parkedAt =
    f.chargingEndedAt && f.chargingEndedAt > f.startedAt && f.chargingEndedAt < end
      ? f.chargingEndedAt
      : null;
  const chargingEnd = parkedAt ?? end;
  const periods: {
    start_date_time: string;
    dimensions: { type: string; volume: number }[];
    tariff_id?: string;
  }[] = [
    {
      start_date_time: f.startedAt.toISOString(),
      dimensions: [
        { type: 'ENERGY', volume: kwh(f.energyWh) },
        { type: 'TIME', volume: hours(chargingEnd.getTime() - f.startedAt.getTime()) },
      ],
      ...tariffId,
    },
  ];
  if (parkedAt)
    periods.push({
      start_date_time: parkedAt.toISOString(),
      dimensions: [{ type: 'PARKING_TIME', volume: hours(end.getTime() - parkedAt.getTime()) }],
      ...tariffId,
    });
  return periods;
}

const cdrToken = (f: RoamingSessionFacts) => ({
  country_code: f.token.countryCode,
  party_id: f.token.partyId,
  uid: f.token.uid,
  type: f.token.type,
  contract_id: f.token.contractId,
});

/** OCPI SessionStatus of a Voltline session. */
export function sessionStatus(state: string, stopped: boolean): 'ACTIVE' | 'COMPLETED' | 'INVALID' {
  if (state === 'failed' || state === 'refused') return 'INVALID';
  return stopped || state !== 'active' ? 'COMPLETED' : 'ACTIVE';
}

/** The OCPI Session (§9.3.1): id is the charging session's id, which STOP_SESSION names. */
export function toOcpiSession(identity: CpoIdentity, f: RoamingSessionFacts) {
  const stopped = f.stoppedAt !== null;
  const end = f.stoppedAt ?? f.updatedAt;
  const rate = vatRateOf(f);
  const gross = f.runningCost;
  return {
    country_code: identity.countryCode,
    party_id: identity.partyId,
    id: String(f.sessionId),
    start_date_time: f.startedAt.toISOString(),
    ...(stopped ? { end_date_time: f.stoppedAt!.toISOString() } : {}),
    kwh: kwh(f.energyWh),
    cdr_token: cdrToken(f),
    auth_method: f.authMethod,
    ...(f.authorizationReference ? { authorization_reference: f.authorizationReference } : {}),
    location_id: String(f.location.chargePoint.id),
    evse_uid: String(f.connectorRowId),
    connector_id: '1',
    meter_id: f.chargePointIdentity.slice(0, 255),
    currency: f.currency,
    charging_periods: chargingPeriods(f, end),
    ...(gross !== null ? { total_cost: price(netOfGross(gross, rate), gross, f.currency) } : {}),
    status: sessionStatus(f.state, stopped),
    last_updated: f.updatedAt.toISOString(),
  };
}

/** The location part of a CDR (§10.4.5): where the session ran, frozen as it was. */
export function cdrLocation(identity: CpoIdentity, f: RoamingSessionFacts) {
  const { chargePoint: cp } = f.location;
  const connector = f.location.connectors.find((c) => c.id === f.connectorRowId) ?? f.location.connectors[0]!;
  const plug = toOcpiConnector(cp, connector);
  const address = [cp.addressLine1, cp.addressLine2].filter((s) => s && s.trim()).join(', ');
  return {
    id: String(cp.id),
    name: cp.name.slice(0, 255),
    address: (address || cp.name).slice(0, 45),
    city: (cp.city?.trim() || '-').slice(0, 45),
    ...(cp.zipCode?.trim() ? { postal_code: cp.zipCode.trim().slice(0, 10) } : {}),
    country: alpha3(cp.countryCode) ?? alpha3(identity.countryCode) ?? 'TUR',
    coordinates: geoLocation(cp.latitude ?? 0, cp.longitude ?? 0),
    evse_uid: String(connector.id),
    evse_id: evseId(identity, cp.id, connector),
    connector_id: '1',
    connector_standard: plug.standard,
    connector_format: plug.format,
    connector_power_type: plug.power_type,
  };
}

/**
 * The final CDR (§10.3.1) of a billed session: totals from its bill (`bill`, the receipt's
 * figures), each price component's part where the receipt has lines of it.
 */
export function toOcpiCdr(
  identity: CpoIdentity,
  f: RoamingSessionFacts,
  bill: ReceiptFigures,
  options: { id: string; at: Date; signedData?: SignedData | null },
) {
  const end = f.stoppedAt ?? f.updatedAt;
  const currency = bill.currency;
  const part = (type: string) => {
    const lines = bill.lines.filter((l) => l.type === type);
    if (lines.length === 0) return undefined;
    const sum = (k: 'net' | 'gross') => lines.reduce((s, l) => s + l[k], 0);
    return price(sum('net'), sum('gross'), currency);
  };
  const periods = chargingPeriods(f, end);
  const parking = periods[1]?.dimensions[0]?.volume;
  const tariff = snapshotTariff(identity, f);
  const fixed = part('FLAT');
  const energy = part('ENERGY');
  const time = part('TIME');
  const parkingCost = part('PARKING_TIME');
  return {
    country_code: identity.countryCode,
    party_id: identity.partyId,
    id: options.id,
    start_date_time: f.startedAt.toISOString(),
    end_date_time: end.toISOString(),
    session_id: String(f.sessionId),
    cdr_token: cdrToken(f),
    auth_method: f.authMethod,
    ...(f.authorizationReference ? { authorization_reference: f.authorizationReference } : {}),
    cdr_location: cdrLocation(identity, f),
    meter_id: f.chargePointIdentity.slice(0, 255),
    currency,
    ...(tariff ? { tariffs: [tariff] } : {}),
    charging_periods: periods,
    ...(options.signedData ? { signed_data: options.signedData } : {}),
    total_cost: price(bill.net, bill.gross, currency),
    ...(fixed ? { total_fixed_cost: fixed } : {}),
    ...(energy ? { total_energy_cost: energy } : {}),
    ...(time ? { total_time_cost: time } : {}),
    ...(parkingCost ? { total_parking_cost: parkingCost } : {}),
    total_energy: kwh(f.energyWh),
    total_time: hours(end.getTime() - f.startedAt.getTime()),
    ...(parking !== undefined ? { total_parking_time: parking } : {}),
    last_updated: options.at.toISOString(),
  };
}

export type OcpiCdr = ReturnType<typeof toOcpiCdr> & {
  total_fixed_cost?: Price;
  total_energy_cost?: Price;
  total_time_cost?: Price;
  total_parking_cost?: Price;
  credit?: boolean;
  credit_reference_id?: string;
};

const PRICE_FIELDS = [
  'total_cost',
  'total_fixed_cost',
  'total_energy_cost',
  'total_time_cost',
  'total_parking_cost',
] as const;
const negate = (p: Price): Price => ({
  excl_vat: -p.excl_vat,
  ...(p.incl_vat !== undefined ? { incl_vat: -p.incl_vat } : {}),
});

/**
 * The credit CDR that cancels `cdr` (§10.3.1 credit, credit_reference_id): the same session and
 * usage, every cost negative, under its own id.
 */
export function creditCdr(cdr: OcpiCdr, id: string, at: Date): OcpiCdr {
  const out: Record<string, unknown> = { ...cdr, id, credit: true, credit_reference_id: cdr.id };
  for (const k of PRICE_FIELDS) {
    const p = cdr[k as keyof OcpiCdr] as Price | undefined;
    if (p) out[k] = negate(p);
  }
  out.last_updated = at.toISOString();
  return out as OcpiCdr;
}
