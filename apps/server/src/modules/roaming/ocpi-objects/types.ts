/**
 * OCPI 2.2.1 objects Voltline publishes as a CPO (module Locations §8.3, Tariffs §11.3, types
 * §16), with the spec's field names. Lengths are the spec's maxima: `string(36)` etc. in comments.
 */

/** ISO 8601 UTC, `Z` suffixed (spec DateTime). */
export type OcpiDateTime = string;

export interface DisplayText {
  /** ISO 639-1, string(2). */
  language: string;
  /** string(512), no markup. */
  text: string;
}

export interface Price {
  excl_vat: number;
  incl_vat?: number;
}

export interface BusinessDetails {
  /** string(100) */
  name: string;
  website?: string;
}

export interface GeoLocation {
  /** `-?[0-9]{1,2}\.[0-9]{5,7}`, string(10) */
  latitude: string;
  /** `-?[0-9]{1,3}\.[0-9]{5,7}`, string(11) */
  longitude: string;
}

export interface RegularHours {
  /** 1 Monday … 7 Sunday */
  weekday: number;
  /** HH:MM */
  period_begin: string;
  period_end: string;
}

export interface ExceptionalPeriod {
  period_begin: OcpiDateTime;
  period_end: OcpiDateTime;
}

export interface Hours {
  twentyfourseven: boolean;
  regular_hours?: RegularHours[];
  exceptional_openings?: ExceptionalPeriod[];
  exceptional_closings?: ExceptionalPeriod[];
}

export type EnergySourceCategory =
  'NUCLEAR' | 'GENERAL_FOSSIL' | 'COAL' | 'GAS' | 'GENERAL_GREEN' | 'SOLAR' | 'WIND' | 'WATER';
export interface EnergyMix {
  is_green_energy: boolean;
  energy_sources?: { source: EnergySourceCategory; percentage: number }[];
  supplier_name?: string;
  energy_product_name?: string;
}

export const EVSE_STATUSES = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
] as const;
export type EvseStatus = (typeof EVSE_STATUSES)[number];

export type Capability =
  | 'CHARGING_PROFILE_CAPABLE'
  | 'CHARGING_PREFERENCES_CAPABLE'
  | 'CHIP_CARD_SUPPORT'
  | 'CONTACTLESS_CARD_SUPPORT'
  | 'CREDIT_CARD_PAYABLE'
  | 'DEBIT_CARD_PAYABLE'
  | 'PED_TERMINAL'
  | 'REMOTE_START_STOP_CAPABLE'
  | 'RESERVABLE'
  | 'RFID_READER'
  | 'START_SESSION_CONNECTOR_REQUIRED'
  | 'TOKEN_GROUP_CAPABLE'
  | 'UNLOCK_CAPABLE';

/** The connector standards Voltline maps to (a subset of the spec's ConnectorType). */
export type ConnectorStandard =
  | 'CHADEMO'
  | 'DOMESTIC_F'
  | 'GBT_AC'
  | 'GBT_DC'
  | 'IEC_62196_T1'
  | 'IEC_62196_T1_COMBO'
  | 'IEC_62196_T2'
  | 'IEC_62196_T2_COMBO'
  | 'TESLA_S';
export type ConnectorFormat = 'SOCKET' | 'CABLE';
export type PowerType = 'AC_1_PHASE' | 'AC_2_PHASE' | 'AC_2_PHASE_SPLIT' | 'AC_3_PHASE' | 'DC';

export interface Connector {
  /** string(36), unique within the EVSE */
  id: string;
  standard: ConnectorStandard;
  format: ConnectorFormat;
  power_type: PowerType;
  max_voltage: number;
  max_amperage: number;
  max_electric_power?: number;
  /** string(36)[] */
  tariff_ids?: string[];
  terms_and_conditions?: string;
  last_updated: OcpiDateTime;
}

export interface Evse {
  /** string(36), unique within the CPO's platform */
  uid: string;
  /** eMI3 EVSE id, string(48) */
  evse_id?: string;
  status: EvseStatus;
  capabilities?: Capability[];
  connectors: Connector[];
  floor_level?: string;
  coordinates?: GeoLocation;
  physical_reference?: string;
  directions?: DisplayText[];
  last_updated: OcpiDateTime;
}

export type ParkingType =
  'ALONG_MOTORWAY' | 'PARKING_GARAGE' | 'PARKING_LOT' | 'ON_DRIVEWAY' | 'ON_STREET' | 'UNDERGROUND_GARAGE';

export interface Location {
  /** ISO 3166-1 alpha-2 of the CPO, string(2) */
  country_code: string;
  /** string(3) */
  party_id: string;
  /** string(36) */
  id: string;
  publish: boolean;
  /** string(255) */
  name?: string;
  /** string(45) */
  address: string;
  /** string(45) */
  city: string;
  /** string(10) */
  postal_code?: string;
  /** string(20) */
  state?: string;
  /** ISO 3166-1 alpha-3, string(3) */
  country: string;
  coordinates: GeoLocation;
  parking_type?: ParkingType;
  evses?: Evse[];
  directions?: DisplayText[];
  operator?: BusinessDetails;
  suboperator?: BusinessDetails;
  owner?: BusinessDetails;
  /** IANA tz, string(255) */
  time_zone: string;
  opening_times?: Hours;
  charging_when_closed?: boolean;
  energy_mix?: EnergyMix;
  last_updated: OcpiDateTime;
}

export type TariffType = 'AD_HOC_PAYMENT' | 'PROFILE_CHEAP' | 'PROFILE_FAST' | 'PROFILE_GREEN' | 'REGULAR';
export type TariffDimensionType = 'ENERGY' | 'FLAT' | 'PARKING_TIME' | 'TIME';
export type DayOfWeek = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';

export interface PriceComponent {
  type: TariffDimensionType;
  /** Per unit, excluding VAT, in the tariff's currency (major units). */
  price: number;
  /** VAT percentage; omitted: no VAT applies. */
  vat?: number;
  /** Wh for ENERGY, seconds for TIME and PARKING_TIME, 1 for FLAT. */
  step_size: number;
}

export interface TariffRestrictions {
  start_time?: string;
  end_time?: string;
  start_date?: string;
  end_date?: string;
  min_kwh?: number;
  max_kwh?: number;
  min_current?: number;
  max_current?: number;
  min_power?: number;
  max_power?: number;
  min_duration?: number;
  max_duration?: number;
  day_of_week?: DayOfWeek[];
  reservation?: 'RESERVATION' | 'RESERVATION_EXPIRES';
}

export interface TariffElement {
  price_components: PriceComponent[];
  restrictions?: TariffRestrictions;
}

export interface Tariff {
  country_code: string;
  party_id: string;
  /** string(36) */
  id: string;
  /** ISO 4217, string(3) */
  currency: string;
  type?: TariffType;
  tariff_alt_text?: DisplayText[];
  tariff_alt_url?: string;
  min_price?: Price;
  max_price?: Price;
  elements: TariffElement[];
  start_date_time?: OcpiDateTime;
  end_date_time?: OcpiDateTime;
  energy_mix?: EnergyMix;
  last_updated: OcpiDateTime;
}

/** Voltline's OCPI party: the country code and party id every published object carries. */
export interface CpoIdentity {
  countryCode: string;
  partyId: string;
}
