import type { TFunction } from 'i18next';
import {
  answerOutcome,
  variableKey,
  type DeviceEvent,
  type DeviceVariable,
  type MonitorType,
} from '@voltline/contract';

const KNOWN_STATUSES = [
  'Accepted',
  'UnknownComponent',
  'UnknownVariable',
  'UnsupportedMonitorType',
  'Rejected',
  'Duplicate',
  'NotFound',
  'NotSupported',
  'EmptyResultSet',
] as const;

/** The charger's answer about a monitor in words, and whether it is a refusal (shown red). */
export function monitorAnswer(
  t: TFunction<'chargePoints'>,
  status: string,
): { text: string; refused: boolean } {
  const known = (KNOWN_STATUSES as readonly string[]).includes(status);
  return {
    text: known
      ? t(`monitors.statuses.${status as (typeof KNOWN_STATUSES)[number]}`)
      : t('monitors.answer', { status }),
    refused: answerOutcome(status) === 'refusal',
  };
}

/** "EVSE 1 · Power (W)": a variable of the stored device model as the monitor form offers it. */
export function variableLabel(v: DeviceVariable): string {
  const c = v.component;
  const place = [
    c.instance ? `${c.name}[${c.instance}]` : c.name,
    c.evseId === null || c.evseId === undefined ? null : `#${c.evseId}`,
    c.connectorId === null || c.connectorId === undefined ? null : `/${c.connectorId}`,
  ]
    .filter(Boolean)
    .join('');
  const variable = v.variable.instance ? `${v.variable.name}[${v.variable.instance}]` : v.variable.name;
  const unit = v.characteristics?.unit ? ` (${v.characteristics.unit})` : '';
  return `${place} · ${variable}${unit}`;
}

/** The variables a monitor can watch: a threshold needs a number; a delta or a period takes any. */
export function monitorable(variables: DeviceVariable[], type: MonitorType): DeviceVariable[] {
  const threshold = type === 'UpperThreshold' || type === 'LowerThreshold';
  return variables.filter((v) => {
    const dataType = v.characteristics?.dataType;
    return !threshold || dataType === 'integer' || dataType === 'decimal';
  });
}

export const variableOptionKey = (v: DeviceVariable) => variableKey(v.component, v.variable);

/** "#101 · Above a threshold 40": the monitor that raised an event; null when none did. */
export function eventMonitorWords(
  t: TFunction<'chargePoints'>,
  e: Pick<DeviceEvent, 'monitorId' | 'monitor'>,
): string | null {
  if (e.monitorId === null) return null;
  if (!e.monitor) return t('events.monitorUnknown', { id: e.monitorId });
  return t('events.monitorWords', {
    id: e.monitor.id,
    type: t(`monitors.types.${e.monitor.type}`),
    value: e.monitor.value,
  });
}
