import type { Booking, Locale } from '@voltline/contract';
import type { FastifyReply } from 'fastify';
import { sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';

export function sendBookingsExcel(reply: FastifyReply, locale: Locale, rows: AsyncIterable<Booking>) {
  const t = (k: MessageKey) => translate(locale, k);
  const time = (v: string | null) => (v ? new Date(v) : null);
  return sendExcel(
    reply,
    'bookings.xlsx',
    t('sheet.bookings'),
    [
      { header: t('booking.col.id'), width: 10, value: (b: Booking) => b.id },
      { header: t('booking.col.name'), width: 24, value: (b) => b.name },
      { header: t('booking.col.chargePoint'), width: 20, value: (b) => b.chargePointId },
      {
        header: t('booking.col.connector'),
        width: 14,
        value: (b) => (b.connectorId === 0 ? t('booking.anyConnector') : b.connectorId),
      },
      { header: t('booking.col.driver'), width: 24, value: (b) => b.driverName },
      { header: t('booking.col.card'), width: 18, value: (b) => b.idTag },
      {
        header: t('booking.col.state'),
        width: 14,
        value: (b) => t(`booking.state.${b.state}` as MessageKey),
      },
      { header: t('booking.col.answer'), width: 14, value: (b) => b.answer ?? b.error },
      { header: t('booking.col.expiresAt'), width: 22, value: (b) => time(b.expiresAt) },
      { header: t('booking.col.session'), width: 12, value: (b) => b.sessionId },
      { header: t('booking.col.operator'), width: 24, value: (b) => b.operatorName },
      { header: t('booking.col.createdBy'), width: 24, value: (b) => b.createdBy },
      { header: t('booking.col.createdAt'), width: 22, value: (b) => time(b.createdAt) },
    ],
    rows,
  );
}
