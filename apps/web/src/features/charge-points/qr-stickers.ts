import type { ChargePoint } from '@voltline/contract';

/**
 * The server prints one sticker per connector that is not archived and refuses a sheet without
 * any (409): asked before offering the download.
 */
export function qrStickersBlock(cp: Pick<ChargePoint, 'connectors'>): 'noConnectors' | null {
  return cp.connectors.some((c) => !c.archived) ? null : 'noConnectors';
}

/** The name the server gives the sheet: `qr-stickers-CP-001.pdf`. */
export const qrStickersFileName = (cp: Pick<ChargePoint, 'chargePointId'>) =>
  `qr-stickers-${cp.chargePointId}.pdf`;
