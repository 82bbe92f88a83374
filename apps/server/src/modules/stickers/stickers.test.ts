import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { connectors, operators } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';
import { stickerSheet } from './sheet.js';

// QR payment stickers (issue #30): one per connector in use, each a QR code of the connector's
// payment page under Voltline's public address, with the words around it in the reader's language.

let t: TestApp;
let admin: string;
let istanbul: string;
const ids: Record<string, number> = {};

type Call = { status: number; body: unknown; headers: Record<string, unknown>; raw: Buffer };

async function get(token: string, path: string, lang = 'en'): Promise<Call> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  const json = r.headers['content-type']?.toString().includes('json') ? r.json<unknown>() : null;
  return { status: r.statusCode, body: json, headers: r.headers, raw: r.rawPayload };
}

const stickers = (id: number) => `portal/ChargePoint/${id}/qr-stickers`;

/**
 * The lines of text a PDF shows. The embedded fonts write glyph numbers, not letters: each is read
 * back through the fonts' ToUnicode maps (every map is tried: the text of the other font reads as
 * noise, which no assertion looks for).
 */
function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream.
    }
  }
  const maps = streams
    .filter((s) => s.includes('beginbfrange'))
    .map((cmap) => {
      const glyphs = new Map<number, string>();
      for (const [, from, list] of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
        [...list!.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, units], i) => {
          const chars = units!.split(' ').map((u) => parseInt(u, 16));
          glyphs.set(parseInt(from!, 16) + i, String.fromCharCode(...chars));
        });
      }
      return glyphs;
    });
  const lines: string[] = [];
  for (const content of streams.filter((s) => s.includes(' TJ'))) {
    for (const [, array] of content.matchAll(/\[([^\]]*)\] TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
      for (const glyphs of maps) {
        lines.push(
          hex
            .match(/.{4}/g)
            ?.map((g) => glyphs.get(parseInt(g, 16)) ?? '?')
            .join('') ?? '',
        );
      }
    }
  }
  return lines;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  const db = t.database.db;
  // Eight connectors, the third archived: seven stickers, a full page of six and one more.
  const cp = await registerChargePoint(t, 'STK-1', null);
  await db
    .insert(connectors)
    .values([3, 4, 5, 6, 7, 8].map((connectorId) => ({ chargePointId: cp.id, connectorId })));
  await db
    .update(connectors)
    .set({ archivedAt: new Date() })
    .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 3)));
  const ank = await registerChargePoint(t, 'STK-ANK', null, 'Voltline Ankara');
  // One whose connectors were all archived, one that never had any.
  const retired = await registerChargePoint(t, 'STK-RETIRED', null);
  await db.update(connectors).set({ archivedAt: new Date() }).where(eq(connectors.chargePointId, retired.id));
  const bare = await registerChargePoint(t, 'STK-BARE', null);
  await db.delete(connectors).where(eq(connectors.chargePointId, bare.id));
  Object.assign(ids, { cp: cp.id, ank: ank.id, retired: retired.id, bare: bare.id });
});
afterAll(() => t.close());

describe('a charge point’s QR payment stickers', () => {
  it('has one sticker per connector in use, its QR code the exact address of the connector’s payment page', () => {
    const sheet = stickerSheet(
      'en',
      {
        chargePointId: 'STK-1',
        name: 'Kadıköy Pier',
        connectors: [
          { connectorId: 2, archived: false },
          { connectorId: 1, archived: false },
          { connectorId: 3, archived: true },
        ],
      },
      'https://pay.voltline.example/',
    );
    expect(sheet.stickers.map((s) => [s.code, s.url, s.shortUrl, s.connector, s.codeLine])).toEqual([
      [
        'STK-1*1',
        'https://pay.voltline.example/pay/STK-1*1',
        'pay.voltline.example/pay/STK-1*1',
        'Connector 1',
        'Code: STK-1*1',
      ],
      [
        'STK-1*2',
        'https://pay.voltline.example/pay/STK-1*2',
        'pay.voltline.example/pay/STK-1*2',
        'Connector 2',
        'Code: STK-1*2',
      ],
    ]);
    expect(sheet.stickers[0]!.scan).toBe('Scan to pay and charge — no account needed');
    expect(sheet.stickers[0]!.chargePoint).toBe('Kadıköy Pier');
    // The symbol drawn is the one of the address written out by hand, module for module.
    for (const s of sheet.stickers) {
      const expected = QRCode.create(`https://pay.voltline.example/pay/${s.code}`, {
        errorCorrectionLevel: 'M',
      }).modules;
      expect(s.qr.size).toBe(expected.size);
      expect(s.qr.dark).toEqual(Array.from(expected.data, (bit) => bit === 1));
    }
  });

  it('is a PDF of A4 pages, six stickers a page, with each code and address printed', async () => {
    const r = await get(istanbul, stickers(ids.cp!));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe('attachment; filename="qr-stickers-STK-1.pdf"');
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.raw.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    // The address of each sticker is a link of its QR code, as well as printed.
    const links = [...r.raw.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    const codes = [1, 2, 4, 5, 6, 7, 8].map((n) => `STK-1*${n}`);
    expect(links).toEqual(codes.map((c) => `http://voltline.test/pay/${c}`));
    const text = pdfText(r.raw);
    for (const code of codes) {
      expect(text).toContain(`Code: ${code}`);
      expect(text).toContain(`voltline.test/pay/${code}`);
    }
    expect(text).not.toContain('Code: STK-1*3');
    expect(text).toContain('Connector 8');
  });

  it('speaks Turkish to a Turkish reader, its letters printed', async () => {
    const r = await get(istanbul, stickers(ids.cp!), 'tr');
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    // The line wraps on the sticker: its two halves are two lines of text.
    expect(text.some((l) => l.startsWith('Ödemek ve şarj etmek için okutun'))).toBe(true);
    expect(text).toContain('hesap gerekmez');
    expect(text).toContain('Soket 2');
    expect(text).toContain('Kod: STK-1*2');
  });

  it('says in words that a charge point with no connector in use has no stickers', async () => {
    for (const id of [ids.retired!, ids.bare!]) {
      const en = await get(istanbul, stickers(id));
      expect(en.status).toBe(409);
      expect((en.body as { error: string }).error).toBe(
        'This charge point has no connector in use, so there is no sticker to print. Add a connector first.',
      );
    }
    const tr = await get(istanbul, stickers(ids.bare!), 'tr');
    expect(tr.status).toBe(409);
    expect((tr.body as { error: string }).error).toBe(
      'Bu şarj istasyonunun kullanımda soketi yok, basılacak etiket yok. Önce bir soket ekleyin.',
    );
  });

  it('is not given for a sibling operator’s charge point', async () => {
    expect((await get(istanbul, stickers(ids.ank!))).status).toBe(404);
    expect((await get(admin, stickers(ids.ank!))).status).toBe(200);
  });

  it('is refused to a caller without chargePoints:read', async () => {
    const [op] = await t.database.db
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.name, 'Voltline İstanbul'));
    const key = await t.call<{ data: { secret: string } }>('POST', '/api/portal/integrations/apiKeys', {
      token: admin,
      body: {
        name: 'Sessions only',
        operatorId: op!.id,
        permissions: ['sessions:read'],
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(key.status).toBe(200);
    expect((await get(key.body.data.secret, stickers(ids.cp!))).status).toBe(403);
  });
});
