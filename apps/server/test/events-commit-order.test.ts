import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import type pg from 'pg';
import type { EventFeedPage, WebhookWithSecret } from '@voltline/contract';
import { operators } from '../src/db/schema/index.js';
import { manualClock } from '../src/lib/clock.js';
import { appendEvent } from '../src/modules/events/events.repository.js';
import { createTestApp, type TestApp } from './helper.js';
import { until } from './ocpp-helper.js';
import { Receiver } from './webhook-receiver.js';

// An event id is taken at the insert but seen at the commit: a transaction that commits late
// makes a smaller id appear after a larger one was read. Neither the feed nor the webhooks may
// skip it or tell anything twice. Two transactions at once need a PostgreSQL server.

const url = process.env.TEST_DATABASE_URL;
const clock = manualClock();
let t: TestApp;
let root: number;
let admin: string;

beforeAll(async () => {
  if (!url) return;
  t = await createTestApp(
    { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '60000', RATE_LIMIT_PER_MINUTE: '100000' },
    { clock },
  );
  root = (await t.database.db.select().from(operators).where(isNull(operators.parentId)))[0]!.id;
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t?.close());

/** A connection of its own, outside the app's transactions. */
async function ownConnection(): Promise<pg.PoolClient> {
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  return pool.connect();
}

/** The feed from a cursor to its end: the events' subjects and the cursor to go on from. */
async function readFeed(after: string | null, marker: string) {
  const seen: string[] = [];
  let cursor = after;
  for (;;) {
    const q = `?type=booking.created&limit=2${cursor === null ? '' : `&after=${cursor}`}`;
    const r = await t.call<EventFeedPage>('GET', `/api/events${q}`, { token: admin });
    expect(r.status).toBe(200);
    seen.push(...r.body.events.map((e) => String(e.data.marker)).filter((m) => m.startsWith(marker)));
    if (r.body.events.length === 0) return { seen, next: r.body.next };
    cursor = r.body.next;
  }
}

describe('an event whose transaction commits after a later one', () => {
  it.skipIf(!url)('is fed and delivered once, in its turn, and nothing is skipped', async () => {
    const receiver = await new Receiver().up();
    receiver.now = () => clock.now().getTime();
    try {
      const created = await t.call<{ data: WebhookWithSecret }>('POST', '/api/portal/Webhooks', {
        token: admin,
        body: { url: receiver.url, eventTypes: ['booking.created'] },
      });
      expect(created.status).toBe(200);
      receiver.secret = created.body.data.secret;
      const start = (await readFeed(null, 'late-')).next;

      // The slow transaction writes its event first (the smaller id) and stays open…
      const slow = await ownConnection();
      try {
        await slow.query('BEGIN');
        await slow.query(
          `INSERT INTO integration_events (operator_id, type, data) VALUES ($1, 'booking.created', $2)`,
          [root, JSON.stringify({ marker: 'late-first' })],
        );
        // …while a later event commits.
        await appendEvent(t.database.db, {
          operatorId: root,
          type: 'booking.created',
          data: { marker: 'late-second' },
        });
        const meanwhile = await readFeed(start, 'late-');
        await t.app.services.webhookWorker.tick();
        await slow.query('COMMIT');

        // Transaction ids belong to the whole server: a write running meanwhile in any of its
        // databases (the other test files' here) holds the reading back for its moment.
        const fed = [...meanwhile.seen];
        let next = meanwhile.next;
        await until(async () => {
          const after = await readFeed(next, 'late-');
          fed.push(...after.seen);
          next = after.next;
          return fed.length >= 2;
        });
        expect(fed.sort()).toEqual(['late-first', 'late-second']);
        // Once both are settled the first comes first, and a reader from the start sees each once.
        expect((await readFeed(start, 'late-')).seen).toEqual(['late-first', 'late-second']);
        expect((await readFeed(next, 'late-')).seen).toEqual([]);

        await until(async () => {
          await t.app.services.webhookWorker.tick();
          return receiver.received.length >= 2;
        });
        await t.app.services.webhookWorker.tick();
        const delivered = receiver.received.map((r) => String(r.event.data.marker));
        expect(delivered.sort()).toEqual(['late-first', 'late-second']);
      } finally {
        await slow.query('ROLLBACK').catch(() => undefined);
        slow.release();
      }
    } finally {
      await receiver.down();
    }
  });
});
