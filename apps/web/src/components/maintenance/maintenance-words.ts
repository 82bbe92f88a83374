import type { MaintenanceLog, MaintenanceType } from '@voltline/contract';
import type { TFunction } from 'i18next';
import { faultAside, faultWords } from '../../lib/ocpp-words';

export const TYPE_COLORS: Record<MaintenanceType, string> = {
  fault: 'red',
  faultCleared: 'green',
  reboot: 'blue',
  firmware: 'geekblue',
  diagnostics: 'cyan',
  availability: 'orange',
  inspection: 'purple',
  repair: 'magenta',
  partReplacement: 'volcano',
  cleaning: 'lime',
  softwareUpdate: 'geekblue',
  plannedMaintenance: 'gold',
  other: 'default',
};

type T = TFunction<'maintenance'>;
type TC = TFunction<'common'>;

/** An OCPP status (connector, firmware, diagnostics) or availability in words; an unknown one as sent. */
const statusWords = (t: T, s: string | null | undefined) =>
  s ? t(`statuses.${s}`, { defaultValue: s }) : '—';

/** What an entry says, in words: a fault by its meaning, a reboot by its firmware, a technician's text. */
export function entryWords(t: T, tc: TC, log: MaintenanceLog): string {
  const d = log.details;
  const fault = () => faultWords(tc, { connectorId: log.connectorId, errorCode: d.errorCode ?? null });
  switch (log.type) {
    case 'fault':
      return fault();
    case 'faultCleared':
      return t('text.faultCleared', { fault: fault() });
    case 'reboot':
      return d.firmwareChanged
        ? t('text.rebootChanged', {
            version: d.firmwareVersion ?? '—',
            previous: d.previousFirmwareVersion ?? '—',
          })
        : t('text.reboot', { version: d.firmwareVersion ?? '—' });
    case 'firmware':
      return t('text.firmware', { status: statusWords(t, d.status) });
    case 'diagnostics':
      return t('text.diagnostics', { status: statusWords(t, d.status) });
    case 'availability':
      return d.requested
        ? t('text.availabilityCommand', {
            requested: statusWords(t, d.requested),
            answer: statusWords(t, d.answer),
          })
        : t('text.availability', {
            status: statusWords(t, d.status),
            previous: statusWords(t, d.previousStatus),
          });
    default:
      return log.description ?? '';
  }
}

/** The charger's own words about a fault (its note, the manufacturer's code), for a tooltip. */
export function entryAside(tc: TC, log: MaintenanceLog): string | null {
  if (log.type !== 'fault') return null;
  return faultAside(tc, {
    connectorId: log.connectorId,
    errorCode: log.details.errorCode ?? null,
    info: log.details.info ?? null,
    vendorErrorCode: log.details.vendorErrorCode ?? null,
  });
}
