import { i18n } from '../../lib/i18n';

/** Operators keep money settings in minor units of the network's currency. */
export const NETWORK_CURRENCY = 'TRY';

export function formatMoney(minor: number, lng: string = i18n.language): string {
  return new Intl.NumberFormat(lng, {
    style: 'currency',
    currencyDisplay: 'narrowSymbol',
    currency: NETWORK_CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}
