import dayjs, { type Dayjs } from 'dayjs';
import {
  componentsFromLegacy,
  type CreateTariffBody,
  type CURRENCIES,
  type Tariff,
  type TariffComponents,
  type TARIFF_PAYMENT_TYPES,
  type TARIFF_TYPES,
} from '@voltline/contract';
import { toMajor, toMinor } from '../../lib/billing-format';
import { componentsOf, elementsOf, sameComponents, type ElementFormValues } from './components-values';
import type { PriceRule } from './cost';

/** Simple: the old fields, from which the components are derived; components: the tariff's own. */
export type PricingMode = 'simple' | 'components';

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
  pricing?: PricingMode;
  elements?: ElementFormValues[];
}

const minorOrZero = (major: number | null | undefined) => (major ? toMinor(major) : 0);

/**
 * Form → API body, in minor units. A free tariff has no prices, whatever was typed before. The
 * components are always sent: in simple mode those derived from the fields, so a tariff that had
 * components of its own and is switched back to simple follows its fields again.
 */
export function toTariffBody(v: TariffFormValues): CreateTariffBody {
  const free = v.paymentType === 'Free';
  const limit = !free && v.limitKwh ? v.limitKwh : null;
  return {
    ...legacyBody(v, free, limit),
    components: componentsOfForm(v),
    validFrom: v.validFrom ? v.validFrom.toISOString() : null,
    validTo: v.validTo ? v.validTo.toISOString() : null,
  };
}

function legacyBody(v: TariffFormValues, free: boolean, limit: number | null) {
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
  };
}

/** The components the form stands for: its own in components mode, else those of the fields. */
export function componentsOfForm(v: Partial<TariffFormValues>): TariffComponents {
  if (v.pricing === 'components' && v.paymentType !== 'Free') return componentsOf(v.elements);
  return componentsFromLegacy(ruleOf(v));
}

/** Whether a tariff's components are the ones derived from its fields (edited in simple mode). */
export const isDerived = (t: Tariff) => sameComponents(t.components, componentsFromLegacy(t));

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
    pricing: isDerived(t) ? 'simple' : 'components',
    elements: elementsOf(t.components),
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
