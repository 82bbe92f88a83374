import type { Locale, SecurityEvent } from '@voltline/contract';
import type { FastifyReply } from 'fastify';
import { sendExcel } from '../../lib/excel.js';
import { isMessageKey, translate, type MessageKey } from '../../lib/messages.js';

/** An event type in the reader's language; a type the edition does not define, as the charger named it. */
export function eventWords(locale: Locale, type: string): string {
  const key = `security.event.${type}`;
  return isMessageKey(key) ? translate(locale, key) : type;
}

export function sendSecurityEventsExcel(
  reply: FastifyReply,
  locale: Locale,
  rows: AsyncIterable<SecurityEvent>,
) {
  const t = (k: MessageKey) => translate(locale, k);
  return sendExcel(
    reply,
    'security-events.xlsx',
    t('sheet.securityEvents'),
    [
      { header: t('security.col.time'), width: 22, value: (r: SecurityEvent) => new Date(r.timestamp) },
      { header: t('security.col.chargePoint'), width: 20, value: (r) => r.chargePointId },
      { header: t('security.col.type'), width: 40, value: (r) => eventWords(locale, r.type) },
      { header: t('security.col.ocppType'), width: 36, value: (r) => r.type },
      {
        header: t('security.col.critical'),
        width: 10,
        value: (r) => t(r.critical ? 'common.yes' : 'common.no'),
      },
      { header: t('security.col.techInfo'), width: 60, value: (r) => r.techInfo },
      { header: t('security.col.operator'), width: 24, value: (r) => r.operatorName },
      { header: t('security.col.received'), width: 22, value: (r) => new Date(r.receivedAt) },
    ],
    rows,
  );
}
