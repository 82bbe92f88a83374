import type { EvChargingNeeds, ExternalLimit } from '@voltline/contract';
import type { TFunction } from 'i18next';
import { formatDateTime, formatNumber } from '../../lib/format';

/** Who set a limit or installed a profile, in words (ChargingLimitSource). */
export function sourceWords(t: TFunction, source: string): string {
  return ['CSO', 'EMS', 'SO', 'Other'].includes(source) ? t(`limits.source.${source}`) : source;
}

/** A limit with its unit: W as kW, A as A. */
export function amountWords(value: number, unit: string | null, lng: string): string {
  if (unit === 'W') return `${formatNumber(Math.round(value / 100) / 10, lng)} kW`;
  return `${formatNumber(value, lng)} ${unit ?? ''}`.trim();
}

/** K12: "The whole charger is limited by the grid operator to 6,9 kW since …". */
export function externalLimitWords(t: TFunction, l: ExternalLimit, lng: string): string {
  const where = l.evseId === 0 ? t('limits.wholeCharger') : t('limits.evse', { id: l.evseId });
  const by = sourceWords(t, l.source);
  const since = formatDateTime(l.since, lng);
  return l.limitNow === null
    ? t('limits.externalNoFigure', { where, by, since })
    : t('limits.external', { where, by, amount: amountWords(l.limitNow, l.unit, lng), since });
}

/** K15: what the car asked for, in one sentence. */
export function needsWords(t: TFunction, n: EvChargingNeeds, lng: string): string {
  const parts = [
    t('limits.needs.car', {
      id: n.evseId,
      transfer: t(`limits.transfer.${n.energyTransfer}`, n.energyTransfer),
    }),
  ];
  if (n.requestedEnergyWh !== null)
    parts.push(
      t('limits.needs.energy', { kwh: formatNumber(Math.round(n.requestedEnergyWh / 100) / 10, lng) }),
    );
  if (n.departureTime) parts.push(t('limits.needs.departure', { at: formatDateTime(n.departureTime, lng) }));
  if (n.maxPowerW !== null) parts.push(t('limits.needs.max', { amount: amountWords(n.maxPowerW, 'W', lng) }));
  else if (n.maxCurrentA !== null)
    parts.push(t('limits.needs.max', { amount: amountWords(n.maxCurrentA, 'A', lng) }));
  return parts.join(', ');
}
