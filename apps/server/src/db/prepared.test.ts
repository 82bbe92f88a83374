import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.js';
import type { Database } from './client.js';
import { reusable } from './prepared.js';
import { authFailures } from './schema/index.js';

/** A counter row per key, written and read by statements built once. */
const upsert = reusable('test_failure_upsert', (tx) =>
  tx
    .insert(authFailures)
    .values({
      key: sql.placeholder('key'),
      count: sql.placeholder('count'),
      windowStart: sql.placeholder('at'),
    })
    .onConflictDoUpdate({ target: authFailures.key, set: { count: sql`${authFailures.count} + 1` } })
    .returning({ key: authFailures.key, count: authFailures.count, windowStart: authFailures.windowStart }),
);
const read = reusable('test_failure_read', (tx) =>
  tx
    .select({ count: authFailures.count })
    .from(authFailures)
    .where(eq(authFailures.key, sql.placeholder('key'))),
);

describe(`statements built once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('runs in the transaction it is given: its writes are seen there, gone after a rollback, kept after a commit', async () => {
    const { db } = database;
    const at = new Date('2026-11-26T10:00:00Z');
    const [row] = await upsert(db).execute({ key: 'a', count: 1, at });
    // Values go through the columns' types both ways: a Date in, a Date out.
    expect(row).toEqual({ key: 'a', count: 1, windowStart: at });

    await expect(
      db.transaction(async (tx) => {
        await upsert(tx).execute({ key: 'a', count: 1, at });
        expect(await read(tx).execute({ key: 'a' })).toEqual([{ count: 2 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read(db).execute({ key: 'a' })).toEqual([{ count: 1 }]);

    await db.transaction(async (tx) => {
      await upsert(tx).execute({ key: 'a', count: 1, at });
      await upsert(tx).execute({ key: 'b', count: 5, at });
    });
    expect(await read(db).execute({ key: 'a' })).toEqual([{ count: 2 }]);
    expect(await read(db).execute({ key: 'b' })).toEqual([{ count: 5 }]);
  });

  it('serves transactions running at once, each on its own connection', async () => {
    const { db } = database;
    const at = new Date();
    await Promise.all(
      ['c', 'd', 'e', 'f', 'g', 'h'].map((key, i) =>
        db.transaction(async (tx) => {
          await upsert(tx).execute({ key, count: i, at });
          await new Promise((r) => setTimeout(r, 5));
          expect(await read(tx).execute({ key })).toEqual([{ count: i }]);
        }),
      ),
    );
  });
});
