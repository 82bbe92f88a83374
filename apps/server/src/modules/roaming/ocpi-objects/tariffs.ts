import {
  componentsFromLegacy,
  type TariffComponents,
  type TariffRestrictions as VoltlineRestrictions,
} from '@voltline/contract';
import type { CpoIdentity, PriceComponent, Tariff, TariffElement, TariffRestrictions } from './types.js';

/**
 * Voltline's tariffs as OCPI 2.2.1 Tariffs. Voltline's components are OCPI's in camelCase with
 * prices in minor units as the operator states them; OCPI wants major units EXCLUDING VAT, with
 * the VAT percentage beside each price.
 */

/** The tariff's columns and its operator's VAT terms (the tariff's own operator). */
export interface PublishedTariffRow {
  id: number;
  name: string;
  currency: string;
  paymentType: string;
  pricePerKwh: number;
  limitKwh: number | null;
  overLimitPricePerKwh: number | null;
  fixedPrice: number;
  components: TariffComponents | null;
  validFrom: Date | null;
  validTo: Date | null;
  updatedAt: Date;
  /** Basis points: 2000 is 20 %. */
  vatRate: number;
  pricesIncludeVat: boolean;
}

/** Digits after the decimal point of a currency (TRY, EUR: 2; JPY: 0). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A price in minor units as OCPI's excl. VAT price in major units, to 4 decimals: 1000 kuruş at
 * 20 % VAT stated including VAT is 8.3333.
 */
export function priceExclVat(minor: number, currency: string, vatRate: number, includesVat: boolean): number {
  const major = minor / 10 ** minorDigits(currency);
  return round4(includesVat ? major / (1 + vatRate / 10_000) : major);
}

/** Voltline's restrictions under OCPI's names (kWh, kW and seconds as OCPI counts them). */
export function toOcpiRestrictions(r: VoltlineRestrictions): TariffRestrictions | undefined {
  const out: TariffRestrictions = {
    ...(r.startTime !== undefined && { start_time: r.startTime }),
    ...(r.endTime !== undefined && { end_time: r.endTime }),
    ...(r.startDate !== undefined && { start_date: r.startDate }),
    ...(r.endDate !== undefined && { end_date: r.endDate }),
    ...(r.minKwh !== undefined && { min_kwh: r.minKwh }),
    ...(r.maxKwh !== undefined && { max_kwh: r.maxKwh }),
    ...(r.minPowerKw !== undefined && { min_power: r.minPowerKw }),
    ...(r.maxPowerKw !== undefined && { max_power: r.maxPowerKw }),
    ...(r.minDurationSeconds !== undefined && { min_duration: r.minDurationSeconds }),
    ...(r.maxDurationSeconds !== undefined && { max_duration: r.maxDurationSeconds }),
    ...(r.dayOfWeek !== undefined && { day_of_week: [...r.dayOfWeek] }),
  };
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The tariff's elements in OCPI form. A free tariff (no elements) is one FLAT component at 0: OCPI
 * needs at least one element. A PARKING_TIME grace period has no OCPI field and is not shown.
 */
export function toOcpiElements(t: PublishedTariffRow): TariffElement[] {
  const components =
    t.components ??
    componentsFromLegacy({
      paymentType: t.paymentType as 'Prepaid' | 'Postpaid' | 'Free',
      pricePerKwh: t.pricePerKwh,
      limitKwh: t.limitKwh,
      overLimitPricePerKwh: t.overLimitPricePerKwh,
      fixedPrice: t.fixedPrice,
    });
  const vat = t.vatRate / 100;
  const elements = components.elements.map((e): TariffElement => {
    const restrictions = e.restrictions ? toOcpiRestrictions(e.restrictions) : undefined;
    return {
      price_components: e.priceComponents.map((c): PriceComponent => ({
        type: c.type,
        price: priceExclVat(c.price, t.currency, t.vatRate, t.pricesIncludeVat),
        vat,
        step_size: c.type === 'FLAT' ? 1 : c.stepSize,
      })),
      ...(restrictions ? { restrictions } : {}),
    };
  });
  if (elements.length > 0) return elements;
  return [{ price_components: [{ type: 'FLAT', price: 0, vat, step_size: 1 }] }];
}

/** A Voltline tariff as an OCPI Tariff of the CPO `identity`. */
export function toOcpiTariff(identity: CpoIdentity, t: PublishedTariffRow): Tariff {
  return {
    country_code: identity.countryCode,
    party_id: identity.partyId,
    id: String(t.id),
    currency: t.currency,
    type: 'REGULAR',
    tariff_alt_text: [{ language: 'en', text: t.name.slice(0, 512) }],
    elements: toOcpiElements(t),
    ...(t.validFrom ? { start_date_time: t.validFrom.toISOString() } : {}),
    ...(t.validTo ? { end_date_time: t.validTo.toISOString() } : {}),
    last_updated: t.updatedAt.toISOString(),
  };
}
