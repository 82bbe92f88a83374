import { Id, RECEIPT_API, StatementQuery } from '@voltline/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { inBatches, sendExcel } from '../../lib/excel.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { ReceiptsService } from './receipts.service.js';
import { statementColumns } from './statement.js';

const tags = ['receipts'];
const params = z.object({ id: Id });

const sendPdf = (reply: FastifyReply, file: { fileName: string; pdf: Buffer }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.pdf);

export function receiptRoutes(app: App, { receipts }: { receipts: ReceiptsService }) {
  app.get(
    `/${RECEIPT_API.session(':id')}`,
    {
      config: { permission: 'sessions:read' },
      schema: { tags, summary: "A billed session's receipt (PDF) with its VAT lines", params },
    },
    async (request, reply) => sendPdf(reply, await receipts.receiptPdf(ctxOf(request), request.params.id)),
  );

  app.get(
    `/${RECEIPT_API.statement(':id')}`,
    {
      // It lists the driver's sessions: who may not read sessions may not read it.
      config: { permission: 'drivers:read', alsoNeeds: ['sessions:read'] },
      schema: {
        tags,
        summary: "A driver's monthly statement of billed sessions (PDF or Excel)",
        params,
        querystring: StatementQuery,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { month, format } = request.query;
      if (format === 'pdf') return sendPdf(reply, await receipts.statementPdf(ctx, request.params.id, month));
      // Read before the file starts: a driver out of reach or a month refused is an error answer.
      const s = await receipts.statement(ctx, request.params.id, month);
      return sendExcel(
        reply,
        `statement-${request.params.id}-${month}.xlsx`,
        translate(request.locale, 'statement.title'),
        statementColumns(request.locale, s.issuer.timeZone),
        inBatches((offset, limit) => Promise.resolve(s.rows.slice(offset, offset + limit))),
      );
    },
  );
}
