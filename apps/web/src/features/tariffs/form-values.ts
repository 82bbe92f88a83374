import dayjs, { type Dayjs } from 'dayjs';
import type {
  CreateTariffBody,
  CURRENCIES,
  Tariff,
  TARIFF_PAYMENT_TYPES,
  TARIFF_TYPES,
} from '@voltline/contract';
import { toMajor, toMinor } from '../../lib/billing-format';
import type { PriceRule } from './cost';

/** What the form holds: prices in major units (8.50), as people type them. */
export interface TariffFormValues {
  name: string;
  operatorId: number;
  type: (typeof TARIFF_TYPES)[number];
  paymentType: (typeof TARIFF_PAYMENT_TYPES)[number];
  currency: (typeof CURRENCIES)[number];
  pricePerKwh?: number | null;
  limitKwh?: number | null;
  overLimitPricePerKwh?: number | null;
  fixedPrice?: number | null;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
}

const minorOrZero = (major: number | null | undefined) => (major ? toMinor(major) : 0);

/** Form → API body, in minor units. A free tariff has no prices, whatever was typed before. */
export function toTariffBody(v: TariffFormValues): CreateTariffBody {
  const free = v.paymentType === 'Free';
  const limit = !free && v.limitKwh ? v.limitKwh : null;
  return {
    name: v.name.trim(),
    operatorId: v.operatorId,
    type: v.type,
    paymentType: v.paymentType,
    currency: v.currency,
    pricePerKwh: free ? 0 : minorOrZero(v.pricePerKwh),
    limitKwh: limit,
    overLimitPricePerKwh: limit === null ? null : minorOrZero(v.overLimitPricePerKwh),
    fixedPrice: free ? 0 : minorOrZero(v.fixedPrice),
    validFrom: v.validFrom ? v.validFrom.toISOString() : null,
    validTo: v.validTo ? v.validTo.toISOString() : null,
  };
}

export function fromTariff(t: Tariff): TariffFormValues {
  return {
    name: t.name,
    operatorId: t.operatorId,
    type: t.type,
    paymentType: t.paymentType,
    currency: t.currency,
    pricePerKwh: toMajor(t.pricePerKwh),
    limitKwh: t.limitKwh,
    overLimitPricePerKwh: t.overLimitPricePerKwh === null ? null : toMajor(t.overLimitPricePerKwh),
    fixedPrice: toMajor(t.fixedPrice),
    validFrom: t.validFrom ? dayjs(t.validFrom) : null,
    validTo: t.validTo ? dayjs(t.validTo) : null,
  };
}

/** The price rule of what is typed so far, for the live preview (fields may still be empty). */
export function ruleOf(v: Partial<TariffFormValues>): PriceRule {
  const paymentType = v.paymentType ?? 'Postpaid';
  const free = paymentType === 'Free';
  const limitKwh = !free && v.limitKwh ? v.limitKwh : null;
  return {
    paymentType,
    pricePerKwh: free ? 0 : minorOrZero(v.pricePerKwh),
    limitKwh,
    overLimitPricePerKwh: limitKwh === null ? null : minorOrZero(v.overLimitPricePerKwh),
    fixedPrice: free ? 0 : minorOrZero(v.fixedPrice),
  };
}
