import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { ocppMessages } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { OcppMessageLog } from './message-log.js';

// A frame PostgreSQL cannot store used to make the whole batch fail: over a hostile probe, 5,020
// frames of other chargers were lost that way. No frame may be lost.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const frames = (chargePointId: string) =>
  t.database.db
    .select({ messageId: ocppMessages.messageId, payload: ocppMessages.payload })
    .from(ocppMessages)
    .where(eq(ocppMessages.chargePointId, chargePointId))
    .orderBy(ocppMessages.id);

describe('the OCPP message log', () => {
  it('keeps a frame with a NUL byte or a lone surrogate, escaped, and every other frame of its batch', async () => {
    const log = new OcppMessageLog(t.database.db, pino({ level: 'silent' }), {
      flushMs: 60_000,
      maxBatch: 10_000,
    });
    for (let i = 0; i < 200; i++) {
      log.frame('LOG-OK', JSON.stringify([2, `ok-${i}`, 'Heartbeat', {}]), false);
      if (i === 100) {
        log.frame(
          'LOG-BAD',
          JSON.stringify([2, 'nul\u0000id', 'DataTransfer', { vendorId: 'x', data: 'a\u0000b' }]),
          false,
        );
        log.frame(
          'LOG-BAD',
          JSON.stringify([2, 'sur', 'DataTransfer', { vendorId: 'x', data: 'c\uD800d' }]),
          false,
        );
      }
    }
    await log.stop();
    expect((await frames('LOG-OK')).length).toBe(200);
    const bad = await frames('LOG-BAD');
    expect(bad).toEqual([
      { messageId: 'nul\\u0000id', payload: { vendorId: 'x', data: 'a\\u0000b' } },
      { messageId: 'sur', payload: { vendorId: 'x', data: 'c\\ud800d' } },
    ]);
  });

  it('isolates a row the database still refuses and keeps it in base64, without losing its batch', async () => {
    const log = new OcppMessageLog(t.database.db, pino({ level: 'silent' }), {
      flushMs: 60_000,
      maxBatch: 10_000,
    });
    log.frame('LOG-SPLIT', JSON.stringify([2, 'a', 'Heartbeat', {}]), false);
    // A response time no integer column holds: the database refuses this row alone.
    (log as unknown as { buffer: { responseTimeMs: number }[] }).buffer.push({
      chargePointId: 'LOG-SPLIT',
      direction: 'in',
      messageType: 'CALLRESULT',
      messageId: 'b',
      payload: { currentTime: 'now' },
      at: new Date(),
      responseTimeMs: 2 ** 40,
    } as never);
    log.frame('LOG-SPLIT', JSON.stringify([2, 'c', 'Heartbeat', {}]), false);
    await log.stop();
    const rows = await frames('LOG-SPLIT');
    expect(rows.map((r) => r.messageId).sort()).toEqual(['a', 'b', 'c']);
    const kept = rows.find((r) => r.messageId === 'b')?.payload as { unstorable: string };
    expect(JSON.parse(Buffer.from(kept.unstorable, 'base64').toString())).toEqual({ currentTime: 'now' });
  });
});
