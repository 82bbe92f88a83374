import QRCode from 'qrcode';
import { evseCode, payPagePath, type ChargePoint, type Locale } from '@voltline/contract';
import { translate } from '../../lib/messages.js';

/** One connector's sticker: what it says and the QR code of its payment page. */
export interface Sticker {
  connectorId: number;
  /** The connector's public code (`CP-001*2`), printed for typing by hand. */
  code: string;
  /** The payment page the QR code opens: Voltline's public address and `/pay/{code}`. */
  url: string;
  /** The address as printed under the code, without its scheme. */
  shortUrl: string;
  scan: string;
  chargePoint: string;
  connector: string;
  codeLine: string;
  /** The QR symbol's modules, row by row (`size` × `size`), true where dark. */
  qr: { size: number; dark: boolean[] };
}

/** A sheet of stickers, one per connector in use, before it is drawn: tests read what it prints. */
export interface StickerSheet {
  title: string;
  stickers: Sticker[];
}

type StickerChargePoint = Pick<ChargePoint, 'chargePointId' | 'name'> & {
  connectors: Pick<ChargePoint['connectors'][number], 'connectorId' | 'archived'>[];
};

/** The QR symbol of a text at error correction M (a sticker may get scratched a little). */
export function qrModules(text: string): Sticker['qr'] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Array.from(modules.data, (bit) => bit === 1) };
}

/** The stickers of a charge point's connectors that are not archived, in connector order. */
export function stickerSheet(locale: Locale, cp: StickerChargePoint, publicUrl: string): StickerSheet {
  const base = publicUrl.replace(/\/$/, '');
  const stickers = cp.connectors
    .filter((c) => !c.archived)
    .sort((a, b) => a.connectorId - b.connectorId)
    .map((c): Sticker => {
      const code = evseCode(cp.chargePointId, c.connectorId);
      const url = `${base}${payPagePath(cp.chargePointId, c.connectorId)}`;
      return {
        connectorId: c.connectorId,
        code,
        url,
        shortUrl: url.replace(/^https?:\/\//, ''),
        scan: translate(locale, 'stickers.scan'),
        chargePoint: cp.name,
        connector: translate(locale, 'stickers.connector', { connectorId: c.connectorId }),
        codeLine: translate(locale, 'stickers.code', { code }),
        qr: qrModules(url),
      };
    });
  return { title: translate(locale, 'stickers.title', { name: cp.name }), stickers };
}
