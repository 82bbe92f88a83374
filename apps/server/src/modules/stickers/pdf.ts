import PDFDocument from 'pdfkit';
import { withFontsCollected } from '../receipts/pdf.js';
import type { Sticker, StickerSheet } from './sheet.js';

// A4 in points, cut into 2 × 3 stickers; a seventh connector starts a second page.
const COLUMNS = 2;
const ROWS = 3;
const MARGIN = 28;
const PAD = 14;
const QR_SIDE = 144;
/** The blank border a reader needs around a QR symbol, in modules (ISO/IEC 18004). */
const QUIET = 4;
const GREY = '#555555';

/** Draws the sheet on A4 pages and resolves with the PDF's bytes. */
export function renderStickers(sheet: StickerSheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: sheet.title, Creator: 'Voltline' },
  });
  const done = withFontsCollected(doc);

  const perPage = COLUMNS * ROWS;
  sheet.stickers.forEach((sticker, i) => {
    if (i % perPage === 0) doc.addPage();
    const at = i % perPage;
    const w = (doc.page.width - 2 * MARGIN) / COLUMNS;
    const h = (doc.page.height - 2 * MARGIN) / ROWS;
    drawSticker(doc, sticker, MARGIN + (at % COLUMNS) * w, MARGIN + Math.floor(at / COLUMNS) * h, w, h);
  });
  doc.end();
  return done;
}

function drawSticker(doc: PDFKit.PDFDocument, s: Sticker, x: number, y: number, w: number, h: number) {
  // The cut line.
  doc.save().rect(x, y, w, h).dash(4, { space: 3 }).lineWidth(0.5).strokeColor('#bbbbbb').stroke();
  doc.restore();
  drawQr(doc, s.qr, x + (w - QR_SIDE) / 2, y + PAD, QR_SIDE);
  doc.link(x + (w - QR_SIDE) / 2, y + PAD, QR_SIDE, QR_SIDE, s.url);

  const width = w - 2 * PAD;
  const left = x + PAD;
  doc.y = y + PAD + QR_SIDE + 4;
  const line = (text: string, font: 'body' | 'bold', size: number, color = 'black', gap = 2) => {
    doc.font(font).fontSize(size).fillColor(color);
    // One line each: a long charge point name ends in an ellipsis rather than pushing the rest out.
    doc.text(text, left, doc.y, { width, align: 'center', height: size * 1.3, ellipsis: true });
    doc.y += gap;
  };
  doc.font('bold').fontSize(10.5).fillColor('black');
  doc.text(s.scan, left, doc.y, { width, align: 'center' });
  doc.y += 4;
  line(s.chargePoint, 'body', 10);
  line(s.connector, 'bold', 12);
  line(s.codeLine, 'bold', 11);
  line(s.shortUrl, 'body', 8, GREY, 0);
}

/** The QR symbol as filled rectangles, one per run of dark modules in a row, on a white quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, qr: Sticker['qr'], x: number, y: number, side: number) {
  const unit = side / (qr.size + 2 * QUIET);
  doc.rect(x, y, side, side).fill('white');
  for (let row = 0; row < qr.size; row++) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.dark[row * qr.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.dark[row * qr.size + col]) col++;
      doc.rect(x + (QUIET + start) * unit, y + (QUIET + row) * unit, (col - start) * unit, unit);
    }
  }
  doc.fill('black');
}
