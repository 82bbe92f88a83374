import type { DeviceEvent } from '@voltline/contract';
import type { TFunction } from 'i18next';

/** OCPP's severity levels, 0 the gravest (SetMonitoringLevel). */
export const SEVERITY_LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Where on the charger an event happened: the station, an EVSE, or a connector of an EVSE. */
export function eventPlace(
  t: TFunction<'chargePoints'>,
  e: Pick<DeviceEvent, 'evseId' | 'connectorId'>,
): string {
  if (e.evseId === null || e.evseId === 0) return t('events.place.station');
  return e.connectorId === null
    ? t('events.place.evse', { evse: e.evseId })
    : t('events.place.connector', { evse: e.evseId, connector: e.connectorId });
}

/** A component or variable with its instance, as the device model names it: `EVSE`, `Power (Active)`. */
export function withInstance(name: string, instance: string | null): string {
  return instance ? `${name} (${instance})` : name;
}

/** "1 · Hardware failure"; none when the event carries no severity. */
export function severityWords(t: TFunction<'chargePoints'>, severity: number | null): string | null {
  return severity === null
    ? null
    : t('events.severityLevel', { level: severity, name: t(`events.severities.${severity}`) });
}

/** The charger's own code and text about the event, "GF-12 · Ground fault on plug 1"; none when it gave neither. */
export function techWords(e: Pick<DeviceEvent, 'techCode' | 'techInfo'>): string | null {
  const parts = [e.techCode, e.techInfo].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : null;
}
