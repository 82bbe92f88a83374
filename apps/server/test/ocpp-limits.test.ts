import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { ocppMessages } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { listen, nextFrame, rawSocket, registerChargePoint, until } from './ocpp-helper.js';

// A charger's connection is bounded: a frame past OCPP_MAX_FRAME_BYTES closes it (1009), the
// message log keeps a bounded part of a large frame with its size and hash, a log page never
// returns a whole huge payload, and a charger sending CALLs by the thousand is refused and closed
// while the other chargers are answered.

const PW = 'limits-charger-secret-1';
let t: TestApp;
let url: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ OCPP_LOG_FRAME_BYTES: '4096' });
  url = await listen(t);
  for (const id of ['LIM-BIG', 'LIM-WIDE', 'LIM-FLOOD', 'LIM-CALM']) await registerChargePoint(t, id, PW);
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t.close());

const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
const counter = async (name: 'ocppLimitCloses' | 'ocppCallsRefused', label?: string) => {
  const { values } = await t.app.services.metrics[name].get();
  return values
    .filter((v) => !label || (v.labels as Record<string, string>).reason === label)
    .reduce((n, v) => n + v.value, 0);
};
const dataTransfer = (id: string, bytes: number) =>
  JSON.stringify([2, id, 'DataTransfer', { vendorId: 'Voltline', data: 'x'.repeat(bytes) }]);

interface LogPage {
  data: {
    items: {
      messageId: string | null;
      messageType: string;
      payload: unknown;
      truncated?: { size: number; sha256: string | null } | null;
    }[];
  };
}
const logPage = (chargePointId: string, size = 10) =>
  t.call<LogPage>('GET', `/api/messageTrace/OcppLogs/getLogs?ChargePointId=${chargePointId}&size=${size}`, {
    token: admin,
  });

describe('OCPP frame size', () => {
  it('closes a connection that sends a frame over 64 KiB with 1009, and counts it', async () => {
    const ws = await rawSocket(url, 'LIM-BIG', PW);
    const code = closed(ws);
    ws.send(dataTransfer('huge', 200_000));
    expect(await code).toBe(1009);
    expect(await counter('ocppLimitCloses', 'frameTooLarge')).toBe(1);
    // The charger comes back and is answered as before.
    const again = await rawSocket(url, 'LIM-BIG', PW);
    const answer = nextFrame(again);
    again.send('[2,"after","Heartbeat",{}]');
    expect((await answer)[0]).toBe(3);
    again.close();
  });

  it('logs a large frame as its first bytes, its size and its SHA-256, and a page shows it so', async () => {
    const ws = await rawSocket(url, 'LIM-WIDE', PW);
    const frame = dataTransfer('wide', 50_000);
    const answer = nextFrame(ws);
    ws.send(frame);
    expect((await answer)[0]).toBe(3);
    ws.close();
    await t.app.services.ocpp.messageLog.flush();
    const [row] = await t.database.db
      .select()
      .from(ocppMessages)
      .where(and(eq(ocppMessages.messageId, 'wide'), eq(ocppMessages.messageType, 'CALL')));
    const stored = row!.payload as { $truncated: boolean; size: number; sha256: string; prefix: string };
    expect(stored.$truncated).toBe(true);
    expect(stored.size).toBe(Buffer.byteLength(frame));
    expect(stored.sha256).toBe(createHash('sha256').update(frame).digest('hex'));
    expect(stored.prefix.length).toBeLessThanOrEqual(4096);
    expect(stored.prefix.startsWith('{"vendorId":"Voltline","data":"xxx')).toBe(true);

    const page = await logPage('LIM-WIDE');
    expect(page.status).toBe(200);
    const entry = page.body.data.items.find((i) => i.messageId === 'wide' && i.messageType === 'CALL')!;
    expect(entry.truncated).toEqual({ size: Buffer.byteLength(frame), sha256: stored.sha256 });
    expect(String(entry.payload).length).toBeLessThanOrEqual(4096);
  });

  it('returns a huge payload logged before the bound as its size and first part only', async () => {
    const huge = { data: 'y'.repeat(3_000_000) };
    await t.database.db.insert(ocppMessages).values({
      chargePointId: 'LIM-WIDE',
      direction: 'in',
      messageType: 'CALL',
      messageId: 'legacy',
      action: 'DataTransfer',
      payload: huge,
      at: new Date(),
    });
    const page = await logPage('LIM-WIDE', 100);
    expect(page.status).toBe(200);
    expect(page.res.body.length).toBeLessThan(100 * 1024);
    const entry = page.body.data.items.find((i) => i.messageId === 'legacy')!;
    expect(entry.truncated).toEqual({ size: Buffer.byteLength(JSON.stringify(huge)) + 1, sha256: null });
    expect(String(entry.payload).startsWith('{"data": "yyy')).toBe(true);
  });
});

describe('a charger flooding CALLs', () => {
  it('is refused at once past the bound and closed with 1008, while another charger is answered', async () => {
    const flood = await rawSocket(url, 'LIM-FLOOD', PW);
    const calm = await rawSocket(url, 'LIM-CALM', PW);
    const codes: string[] = [];
    flood.on('message', (data: Buffer) => {
      const f = JSON.parse(data.toString()) as unknown[];
      codes.push(f[0] === 3 ? 'CALLRESULT' : `${String(f[2])}: ${String(f[3]).slice(0, 5)}`);
    });
    const floodClosed = closed(flood);
    for (let i = 0; i < 3000; i++) flood.send(`[2,"f${i}","Heartbeat",{}]`);
    const answer = nextFrame(calm);
    calm.send('[2,"calm","Heartbeat",{}]');
    const [type, id, result] = await answer;
    expect([type, id, typeof (result as { currentTime?: unknown }).currentTime]).toEqual([
      3,
      'calm',
      'string',
    ]);
    expect(await floodClosed).toBe(1008);
    expect(codes).toContain('GenericError: Busy:');
    expect(codes.filter((c) => c === 'CALLRESULT').length).toBeGreaterThan(0);
    expect(codes.length).toBeLessThan(3000);
    expect(await counter('ocppLimitCloses', 'callFlood')).toBe(1);
    expect(await counter('ocppCallsRefused')).toBeGreaterThan(100);
    // The calm charger is still answered after the flood.
    const later = nextFrame(calm);
    calm.send('[2,"calm-2","Heartbeat",{}]');
    expect((await later)[1]).toBe('calm-2');
    calm.close();
    // The log says why the flooding charger was closed, and holds no frame past the close.
    await t.app.services.ocpp.messageLog.flush();
    const note = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(ocppMessages)
        .where(eq(ocppMessages.chargePointId, 'LIM-FLOOD'));
      return rows.find((r) => r.action === 'Limit');
    });
    expect(note.payload).toMatchObject({ closed: 1008, refused: 'Too many concurrent CALLs' });
  });
});
