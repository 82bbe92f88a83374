import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { PrintedDocument } from './document.js';
import { woffToSfnt } from './woff.js';

// DejaVu Sans, embedded (subset) in every document: the PDF standard fonts have no ş, ğ or ı.
const require = createRequire(import.meta.url);
const REGULAR = require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff');
const BOLD = require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff');
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/**
 * The fonts as TrueType, read once: the first document pays for it, the others do not. Other
 * printed documents (the QR stickers) embed the same fonts through it.
 */
export const loadFonts = () =>
  (fonts ??= {
    regular: woffToSfnt(readFileSync(REGULAR)),
    bold: woffToSfnt(readFileSync(BOLD)),
  });

const MARGIN = 48;
const GREY = '#555555';

/** Draws a printed document on A4 pages and resolves with the PDF's bytes. */
export function renderPdf(d: PrintedDocument, info: { author: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${d.title} – ${d.subtitle}`, Author: info.author, Creator: 'Voltline' },
  });
  const done = withFontsCollected(doc);

  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(20).text(d.title);
  doc.font('body').fontSize(10).fillColor(GREY).text(d.subtitle).fillColor('black');
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(10)
    .text(d.issuer[0] ?? '');
  doc.font('body').fontSize(9);
  for (const line of d.issuer.slice(1)) doc.text(line);
  doc.moveDown();

  for (const [label, value] of d.details) {
    const y = doc.y;
    doc.font('body').fillColor(GREY).text(label, MARGIN, y, { width: 140 });
    doc.fillColor('black').text(value, MARGIN + 150, y, { width: width - 150 });
  }
  doc.moveDown();

  if (d.table) drawTable(doc, d.table, width);

  doc.moveDown(0.5);
  d.totals.forEach(([label, value], i) => {
    const last = i === d.totals.length - 1;
    const y = doc.y;
    doc.font(last ? 'bold' : 'body').fontSize(last ? 11 : 9);
    doc.text(label, MARGIN, y, { width: width - 120, align: 'right' });
    doc.text(value, MARGIN + width - 110, y, { width: 110, align: 'right' });
  });
  doc.moveDown();
  doc.font('body').fontSize(8).fillColor(GREY);
  for (const note of d.notes) doc.text(note, MARGIN, doc.y, { width });
  doc.end();
  return done;
}

function drawTable(doc: PDFKit.PDFDocument, table: NonNullable<PrintedDocument['table']>, width: number) {
  const n = table.header.length;
  // The first column takes what the others leave; numbers are right-aligned.
  const others = n > 1 ? Math.min(90, (width * 0.7) / (n - 1)) : 0;
  const widths = table.header.map((_, i) => (i === 0 ? width - others * (n - 1) : others));
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc
      .font(bold ? 'bold' : 'body')
      .fontSize(8.5)
      .fillColor('black');
    cells.forEach((cell, i) => {
      const w = widths[i] ?? others;
      doc.text(cell, x + 2, y, { width: w - 4, align: table.numeric[i] ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
    doc
      .moveTo(MARGIN, doc.y - 1)
      .lineTo(MARGIN + width, doc.y - 1)
      .strokeColor('#dddddd')
      .lineWidth(0.5)
      .stroke();
  };
  row(table.header, true);
  for (const r of table.rows) row(r, false);
}

/**
 * Registers the DejaVu fonts as 'body' and 'bold' on a new document (Turkish letters print) and
 * collects what it writes: the PDF once the document ends.
 */
export function withFontsCollected(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
