import {
  API,
  PageQuery,
  Payment,
  PaymentFilter,
  RefundQuery,
  RefundResult,
  TopUpBody,
  ok,
  page,
} from '@voltline/contract';
import type { App } from '../../lib/app-type.js';
import { sendExcel } from '../../lib/excel.js';
import { translate, type MessageKey } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import { formatMoney } from '../../lib/money.js';
import type { PaymentsService } from './payments.service.js';

const tags = ['payments'];
const read = { permission: 'payments:read' } as const;

export function paymentRoutes(app: App, { payments: service }: { payments: PaymentsService }) {
  app.post(
    `/${API.payments.dynamic}`,
    {
      config: read,
      schema: { tags, querystring: PageQuery, body: PaymentFilter, response: { 200: ok(page(Payment)) } },
    },
    async (request) => ({
      data: await service.page(ctxOf(request), request.body, request.query.index, request.query.size),
    }),
  );

  app.post(
    `/${API.payments.excel}`,
    { config: read, schema: { tags, body: PaymentFilter } },
    (request, reply) => {
      const t = (k: MessageKey) => translate(request.locale, k);
      return sendExcel(
        reply,
        'payments.xlsx',
        t('sheet.payments'),
        [
          { header: t('col.pgTranId'), width: 44, value: (p: Payment) => p.pgTranId },
          { header: t('col.kind'), width: 10, value: (p) => p.kind },
          { header: t('col.driver'), width: 22, value: (p) => p.driverName },
          { header: t('col.sessionId'), width: 10, value: (p) => p.sessionId },
          { header: t('col.amount'), width: 12, value: (p) => p.amount / 100 },
          { header: t('col.refunded'), width: 12, value: (p) => p.refundedAmount / 100 },
          { header: t('col.currency'), width: 10, value: (p) => p.currency },
          { header: t('col.state'), width: 16, value: (p) => p.state },
          { header: t('col.createdAt'), width: 20, value: (p) => new Date(p.createdAt) },
        ],
        service.all(ctxOf(request), request.body),
      );
    },
  );

  app.post(
    `/${API.payments.refund}`,
    {
      config: { permission: 'payments:refund' },
      schema: {
        tags,
        summary: 'Refund part or all of a payment; send an Idempotency-Key header so a retry refunds once',
        querystring: RefundQuery,
        response: { 200: ok(RefundResult) },
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      const result = await service.refund(
        ctxOf(request),
        request.query.pgTranId,
        request.query.amount,
        typeof key === 'string' && key.length > 0 && key.length <= 200 ? key : undefined,
      );
      return {
        data: result,
        message: translate(request.locale, 'payment.refunded', {
          amount: formatMoney(request.locale, result.refund.amount, result.payment.currency),
        }),
      };
    },
  );

  app.post(
    `/${API.payments.topUp}`,
    {
      config: { permission: 'payments:write' },
      schema: { tags, body: TopUpBody, response: { 200: ok(Payment) } },
    },
    async (request) => {
      const payment = await service.topUp(ctxOf(request), request.body);
      return {
        data: payment,
        message: translate(request.locale, 'payment.toppedUp', {
          amount: formatMoney(request.locale, payment.amount, payment.currency),
        }),
      };
    },
  );
}
