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
    const log = new OcppMessageLog(t.database.db, pino({ level: 'silent' }), undefined, {
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

  it('keeps a frame nested too deep to write back as JSON, and every frame after it', async () => {
    const log = new OcppMessageLog(t.database.db, pino({ level: 'silent' }), undefined, {
      flushMs: 60_000,
      maxBatch: 10_000,
    });
    // JSON.parse reads 6,000 levels; JSON.stringify overflows the stack on them.
    const deep = `[2,"deep","DataTransfer",${'['.repeat(6_000)}${']'.repeat(6_000)}]`;
    log.frame('LOG-DEEP', JSON.stringify([2, 'before', 'Heartbeat', {}]), false);
    log.frame('LOG-DEEP', deep, false);
    await log.flush();
    log.frame('LOG-DEEP', JSON.stringify([2, 'after', 'Heartbeat', {}]), false);
    await log.stop();
    const rows = await frames('LOG-DEEP');
    expect(rows.map((r) => r.messageId)).toEqual(['before', 'deep', 'after']);
    const kept = rows[1]?.payload as { unstorableFrame: string };
    expect(Buffer.from(kept.unstorableFrame, 'base64').toString()).toBe(deep.slice(0, 10_000));
  });

  it('keeps a frame whose message id is too long for the index, its id cut to 255 characters', async () => {
    const log = new OcppMessageLog(t.database.db, pino({ level: 'silent' }), undefined, {
      flushMs: 60_000,
      maxBatch: 10_000,
    });
    // Random text does not compress: 3,000 characters of it exceed what an index entry holds.
    let seed = 7;
    const id = Array.from({ length: 3_000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return String.fromCharCode(33 + (seed % 90));
    }).join('');
    log.frame('LOG-LONG', JSON.stringify([2, id, 'Heartbeat', {}]), false);
    log.frame('LOG-LONG', JSON.stringify([3, id, { currentTime: 'now' }]), true);
    await log.stop();
    const rows = await t.database.db
      .select({ messageId: ocppMessages.messageId, action: ocppMessages.action })
      .from(ocppMessages)
      .where(eq(ocppMessages.chargePointId, 'LOG-LONG'))
      .orderBy(ocppMessages.id);
    // Both kept, and the answer still paired with its CALL.
    const cut = `${id.slice(0, 255)}…`;
    expect(rows).toEqual([
      { messageId: cut, action: 'Heartbeat' },
      { messageId: cut, action: 'Heartbeat' },
    ]);
  });

  it('isolates a row the database still refuses and keeps it in base64, without losing its batch', async () => {
    const log = new OcppMessageLog(t.database.db, pino({ level: 'silent' }), undefined, {
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

  it('keeps frames while the database is unavailable, in order, the oldest dropped past its bound', async () => {
    let down = true;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const db = t.database.db;
    const flaky = new Proxy(db, {
      get: (target, key) =>
        key === 'execute'
          ? (...args: Parameters<typeof db.execute>) =>
              down ? Promise.reject(refused) : target.execute(...args)
          : (Reflect.get(target, key) as unknown),
    });
    const log = new OcppMessageLog(flaky, pino({ level: 'silent' }), undefined, {
      flushMs: 60_000,
      maxBatch: 10_000,
      maxKept: 3,
    });
    for (let i = 1; i <= 5; i++) {
      log.frame('LOG-DOWN', JSON.stringify([2, `down-${i}`, 'Heartbeat', {}]), false);
      await log.flush();
    }
    expect(await frames('LOG-DOWN')).toEqual([]);
    expect(log.queueDepth).toBe(3);
    down = false;
    await log.stop();
    expect((await frames('LOG-DOWN')).map((f) => f.messageId)).toEqual(['down-3', 'down-4', 'down-5']);
  });
});
