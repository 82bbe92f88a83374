import { z } from 'zod';

/**
 * A tariff as a list of price components, after OCPI 2.2.1's Tariff object (module Tariffs,
 * `TariffElement`, `PriceComponent`, `TariffRestrictions`), protocol-neutral and in camelCase:
 *
 * - `elements` are tried in order; for each stretch of a session and each component type, the
 *   FIRST element whose restrictions all hold and that has a component of that type prices it
 *   (OCPI 2.2.1 §11.3.4).
 * - `price` is in minor units (kuruş, cents) per unit, a whole number: ENERGY per kWh, TIME per
 *   hour of charging, PARKING_TIME per hour after charging ended (after `graceMinutes`), FLAT per
 *   session. Prices are stated as the operator states them: including VAT or not (the operator's
 *   `pricesIncludeVat`), at the operator's VAT rate.
 * - `stepSize` as in OCPI: Wh for ENERGY, seconds for TIME and PARKING_TIME, ignored for FLAT; the
 *   session's total of that type is billed in whole steps (rounded up), at the price of the last
 *   component of the type that applied.
 *
 * The rounding rules are in packages/contract/src/tariff-engine/engine.ts and docs/tariffs.md.
 */
export const PRICE_COMPONENT_TYPES = ['ENERGY', 'TIME', 'PARKING_TIME', 'FLAT'] as const;
export type PriceComponentType = (typeof PRICE_COMPONENT_TYPES)[number];
export const DAYS_OF_WEEK = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

const MAX_PRICE = 100_000_000;
/** A week: the longest a duration restriction or a grace period may say. */
const MAX_SECONDS = 7 * 24 * 3600;

export const PriceComponent = z
  .object({
    type: z.enum(PRICE_COMPONENT_TYPES, { message: 'tariff.components.type' }),
    price: z
      .number({ message: 'tariff.components.price' })
      .int({ message: 'tariff.components.price' })
      .min(0, { message: 'tariff.components.price' })
      .max(MAX_PRICE, { message: 'tariff.components.price' }),
    stepSize: z
      .number()
      .int({ message: 'tariff.components.stepSize' })
      .min(1, { message: 'tariff.components.stepSize' })
      .max(MAX_SECONDS, { message: 'tariff.components.stepSize' })
      .default(1),
    /** PARKING_TIME only: minutes after charging ended that are free. */
    graceMinutes: z
      .number()
      .int({ message: 'tariff.components.grace' })
      .min(0, { message: 'tariff.components.grace' })
      .max(MAX_SECONDS / 60, { message: 'tariff.components.grace' })
      .optional(),
  })
  .refine((c) => c.graceMinutes === undefined || c.type === 'PARKING_TIME', {
    message: 'tariff.components.graceOnlyParking',
    path: ['graceMinutes'],
  });
export type PriceComponent = z.output<typeof PriceComponent>;

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'tariff.components.time' });
const DAY = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'tariff.components.date' });
/** kWh with at most three decimals (whole Wh). */
const KWH = z
  .number()
  .min(0, { message: 'tariff.components.kwh' })
  .max(100_000, { message: 'tariff.components.kwh' })
  .refine((v) => Number.isInteger(Math.round(v * 1000)) && Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, {
    message: 'tariff.components.kwh',
  });
const KW = z
  .number()
  .min(0, { message: 'tariff.components.kw' })
  .max(10_000, { message: 'tariff.components.kw' });
const SECONDS = z
  .number()
  .int({ message: 'tariff.components.duration' })
  .min(0, { message: 'tariff.components.duration' })
  .max(MAX_SECONDS, { message: 'tariff.components.duration' });

const lessThan = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined || a < b;

/**
 * When an element applies (OCPI `TariffRestrictions`). Times and dates are local to the charge
 * point; `startTime`/`startDate`/`min*` are inclusive, `endTime`/`endDate`/`max*` exclusive; an
 * `endTime` before its `startTime` spans midnight (22:00–06:00). kWh and duration count from the
 * session's start; power is the charging power of the moment.
 */
export const TariffRestrictions = z
  .object({
    startTime: HHMM.optional(),
    endTime: HHMM.optional(),
    startDate: DAY.optional(),
    endDate: DAY.optional(),
    minKwh: KWH.optional(),
    maxKwh: KWH.optional(),
    minPowerKw: KW.optional(),
    maxPowerKw: KW.optional(),
    minDurationSeconds: SECONDS.optional(),
    maxDurationSeconds: SECONDS.optional(),
    dayOfWeek: z
      .array(z.enum(DAYS_OF_WEEK, { message: 'tariff.components.dayOfWeek' }))
      .min(1, { message: 'tariff.components.dayOfWeek' })
      .max(7)
      .optional(),
  })
  .refine((r) => r.startTime === undefined || r.startTime !== r.endTime, {
    message: 'tariff.components.timeOrder',
    path: ['endTime'],
  })
  .refine((r) => r.startDate === undefined || r.endDate === undefined || r.startDate < r.endDate, {
    message: 'tariff.components.dateOrder',
    path: ['endDate'],
  })
  .refine((r) => lessThan(r.minKwh, r.maxKwh), { message: 'tariff.components.rangeOrder', path: ['maxKwh'] })
  .refine((r) => lessThan(r.minPowerKw, r.maxPowerKw), {
    message: 'tariff.components.rangeOrder',
    path: ['maxPowerKw'],
  })
  .refine((r) => lessThan(r.minDurationSeconds, r.maxDurationSeconds), {
    message: 'tariff.components.rangeOrder',
    path: ['maxDurationSeconds'],
  });
export type TariffRestrictions = z.output<typeof TariffRestrictions>;

export const TariffElement = z.object({
  priceComponents: z
    .array(PriceComponent)
    .min(1, { message: 'tariff.components.emptyElement' })
    .max(4)
    .refine((cs) => new Set(cs.map((c) => c.type)).size === cs.length, {
      message: 'tariff.components.duplicateType',
    }),
  restrictions: TariffRestrictions.optional(),
});
export type TariffElement = z.output<typeof TariffElement>;

/** A tariff's price components; no elements prices every session at nothing (a free tariff). */
export const TariffComponents = z.object({
  elements: z.array(TariffElement).max(50, { message: 'tariff.components.tooMany' }),
});
export type TariffComponents = z.output<typeof TariffComponents>;
export type TariffComponentsInput = z.input<typeof TariffComponents>;

/** VAT rate in basis points: 2000 is 20 %. */
export const VatRate = z
  .number()
  .int({ message: 'operator.vatRate' })
  .min(0, { message: 'operator.vatRate' })
  .max(10_000, { message: 'operator.vatRate' });

/** The fields of the old tariff form, from which components are derived. */
export interface LegacyPricing {
  paymentType: 'Prepaid' | 'Postpaid' | 'Free';
  pricePerKwh: number;
  limitKwh: number | null;
  overLimitPricePerKwh: number | null;
  fixedPrice: number;
}

/**
 * The components that price a session exactly as the old fields did: a flat fee, energy up to
 * the limit at the energy price and beyond it at the over-limit price; a free tariff has none.
 * Migration 0037 writes the same for every tariff stored before it.
 */
export function componentsFromLegacy(t: LegacyPricing): TariffComponents {
  if (t.paymentType === 'Free') return { elements: [] };
  const elements: TariffElement[] = [];
  if (t.fixedPrice > 0)
    elements.push({ priceComponents: [{ type: 'FLAT', price: t.fixedPrice, stepSize: 1 }] });
  if (t.limitKwh !== null) {
    elements.push({
      priceComponents: [{ type: 'ENERGY', price: t.pricePerKwh, stepSize: 1 }],
      // Whole Wh, as the components take it (a limit stored with more decimals prices the same).
      restrictions: { maxKwh: Math.round(t.limitKwh * 1000) / 1000 },
    });
  }
  const beyond = t.limitKwh === null ? t.pricePerKwh : (t.overLimitPricePerKwh ?? t.pricePerKwh);
  elements.push({ priceComponents: [{ type: 'ENERGY', price: beyond, stepSize: 1 }] });
  return { elements };
}
