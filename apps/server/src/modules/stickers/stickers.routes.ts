import { API, Id } from '@voltline/contract';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { ctxOf } from '../../lib/request.js';
import type { StickersService } from './stickers.service.js';

const params = z.object({ id: Id });

export function stickerRoutes(app: App, { stickers }: { stickers: StickersService }) {
  app.get(
    `/${API.chargePoints.qrStickers(':id')}`,
    {
      // A read: it changes nothing, so it leaves no audit line.
      config: { permission: 'chargePoints:read' },
      schema: {
        tags: ['charge-points'],
        summary: "A sheet of QR payment stickers (PDF), one per connector in use, in the reader's language",
        params,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await stickers.pdf(ctxOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
}
