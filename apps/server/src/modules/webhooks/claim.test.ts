import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client.js';
import { freshDatabase } from '../../../test/helper.js';
import { claimStatement } from './sender.js';

// The delivery log grows with every event sent (delivered and given-up rows are kept for
// WEBHOOK_LOG_RETENTION_DAYS); the claim of due deliveries, run by every process every poll,
// must read pending rows only, however long the log.

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('the claim of due webhook deliveries', () => {
  it('reads pending deliveries through indexes of pending rows only', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // An empty table would be scanned whole; the question is which index the claim can use.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(sql`EXPLAIN ${claimStatement(new Date(), 200)}`);
      return rowsOf<Record<string, string>>(result)
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('webhook_deliveries_due_idx');
    expect(plan).toContain('webhook_deliveries_pending_order_idx');
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await database.db.execute(sql`SELECT indexname, indexdef FROM pg_indexes
        WHERE indexname IN ('webhook_deliveries_due_idx', 'webhook_deliveries_pending_order_idx')`),
    );
    expect(indexes).toHaveLength(2);
    for (const i of indexes) expect(i.indexdef).toContain(`WHERE (state = 'pending'::text)`);
  });
});
