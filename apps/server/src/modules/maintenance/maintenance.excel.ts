import type { Locale, MaintenanceLog } from '@voltline/contract';
import type { FastifyReply } from 'fastify';
import { sendExcel } from '../../lib/excel.js';
import { isMessageKey, translate, type MessageKey } from '../../lib/messages.js';

/** An OCPP error code in the reader's language; an unknown one is named as such. */
function errorWords(locale: Locale, code: string | null | undefined): string {
  const key = `ocpp.error.${code ?? 'OtherError'}`;
  return isMessageKey(key)
    ? translate(locale, key)
    : translate(locale, 'ocpp.error.unknown', { code: code ?? '' });
}

/** What an entry says, in words: a fault by its meaning, a reboot by its firmware, a technician's text. */
export function maintenanceText(log: MaintenanceLog, locale: Locale): string {
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p);
  const d = log.details;
  switch (log.type) {
    case 'fault': {
      const aside = [
        d.info ? t('maintenance.text.chargerNote', { info: d.info }) : null,
        d.vendorErrorCode ? t('maintenance.text.vendorCode', { code: d.vendorErrorCode }) : null,
      ].filter(Boolean);
      const text = t('maintenance.text.fault', { error: errorWords(locale, d.errorCode) });
      return aside.length ? `${text} (${aside.join('; ')})` : text;
    }
    case 'faultCleared':
      return t('maintenance.text.faultCleared', { error: errorWords(locale, d.errorCode) });
    case 'reboot':
      return d.firmwareChanged
        ? t('maintenance.text.rebootChanged', {
            version: d.firmwareVersion ?? '—',
            previous: d.previousFirmwareVersion ?? '—',
          })
        : t('maintenance.text.reboot', { version: d.firmwareVersion ?? '—' });
    case 'firmware':
      return t('maintenance.text.firmware', { status: d.status ?? '—' });
    case 'diagnostics':
      return t('maintenance.text.diagnostics', { status: d.status ?? '—' });
    case 'availability':
      return d.requested
        ? t('maintenance.text.availabilityCommand', { requested: d.requested, answer: d.answer ?? '—' })
        : t('maintenance.text.availability', { status: d.status ?? '—', previous: d.previousStatus ?? '—' });
    default:
      return log.description ?? '';
  }
}

export function sendMaintenanceExcel(
  reply: FastifyReply,
  locale: Locale,
  rows: AsyncIterable<MaintenanceLog>,
) {
  const t = (k: MessageKey) => translate(locale, k);
  return sendExcel(
    reply,
    'maintenance-log.xlsx',
    t('sheet.maintenanceLogs'),
    [
      { header: t('maintenance.col.start'), width: 22, value: (r: MaintenanceLog) => new Date(r.startedAt) },
      { header: t('maintenance.col.end'), width: 22, value: (r) => (r.endedAt ? new Date(r.endedAt) : null) },
      { header: t('maintenance.col.chargePoint'), width: 20, value: (r) => r.chargePointId },
      { header: t('maintenance.col.connector'), width: 10, value: (r) => r.connectorId },
      {
        header: t('maintenance.col.type'),
        value: (r) => translate(locale, `maintenance.type.${r.type}` as MessageKey),
      },
      {
        header: t('maintenance.col.source'),
        value: (r) => translate(locale, `maintenance.source.${r.source}` as MessageKey),
      },
      { header: t('maintenance.col.details'), width: 60, value: (r) => maintenanceText(r, locale) },
      { header: t('maintenance.col.technician'), width: 24, value: (r) => r.technician },
      { header: t('maintenance.col.operator'), width: 24, value: (r) => r.operatorName },
      {
        header: t('maintenance.col.createdBy'),
        width: 24,
        value: (r) => r.createdByName ?? (r.source === 'auto' ? t('maintenance.system') : null),
      },
    ],
    rows,
  );
}
