/** Words of the QR payment stickers of a charge point (issue #30); merged into lib/messages.ts. */
const en = {
  'stickers.title': 'Payment stickers of {name}',
  'stickers.scan': 'Scan to pay and charge — no account needed',
  'stickers.connector': 'Connector {connectorId}',
  'stickers.code': 'Code: {code}',
  'stickers.noConnectors':
    'This charge point has no connector in use, so there is no sticker to print. Add a connector first.',
};

const tr: Record<keyof typeof en, string> = {
  'stickers.title': '{name} ödeme etiketleri',
  'stickers.scan': 'Ödemek ve şarj etmek için okutun — hesap gerekmez',
  'stickers.connector': 'Soket {connectorId}',
  'stickers.code': 'Kod: {code}',
  'stickers.noConnectors':
    'Bu şarj istasyonunun kullanımda soketi yok, basılacak etiket yok. Önce bir soket ekleyin.',
};

export const stickerMessages = { en, tr };
