import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { ChargePointsService } from '../charge-points/charge-points.service.js';
import { renderStickers } from './pdf.js';
import { stickerSheet, type StickerSheet } from './sheet.js';

/** The QR payment stickers of a charge point's connectors (issue #30), in the reader's language. */
export class StickersService {
  constructor(private readonly deps: { chargePoints: ChargePointsService; publicUrl: string }) {}

  /** The sheet of a charge point in reach (404 otherwise); one with no connector in use has none (409). */
  async sheet(ctx: Ctx, id: number): Promise<{ chargePointId: string; sheet: StickerSheet }> {
    const cp = await this.deps.chargePoints.get(ctx, id);
    const sheet = stickerSheet(ctx.locale, cp, this.deps.publicUrl);
    if (sheet.stickers.length === 0) throw new AppError(409, 'stickers.noConnectors');
    return { chargePointId: cp.chargePointId, sheet };
  }

  async pdf(ctx: Ctx, id: number): Promise<{ fileName: string; pdf: Buffer }> {
    const { chargePointId, sheet } = await this.sheet(ctx, id);
    return { fileName: `qr-stickers-${chargePointId}.pdf`, pdf: await renderStickers(sheet) };
  }
}
