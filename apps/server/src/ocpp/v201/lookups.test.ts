import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import type { Database } from '../../db/client.js';
import { chargingSessions } from '../../db/schema/index.js';
import { dbLookups } from './lookups.js';

let database: Database;
let drop: () => Promise<void>;
const ids: Record<string, number | undefined> = {};

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  const session = (chargePointId: number, chargerTransactionId: string | null, meterStart: number) => ({
    chargePointId,
    operatorId: 1,
    connectorId: 1,
    idTag: 'CARD-1',
    meterStart,
    startedAt: new Date('2026-03-01T10:00:00Z'),
    chargerTransactionId,
  });
  const rows = await database.db
    .insert(chargingSessions)
    .values([session(101, 'tx-a', 0), session(102, 'tx-a', 0), session(101, null, 500)])
    .returning({ id: chargingSessions.id });
  [ids.first, ids.otherCharger, ids.v16] = rows.map((r) => r.id);
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('2.0.1 transaction ids', () => {
  it("F02 names a Voltline session by the charger's own transaction id, and back", async () => {
    const lookups = dbLookups(database.db);
    expect(await lookups.chargerTransactionId(101, ids.first!)).toBe('tx-a');
    expect(await lookups.sessionIdOf(101, 'tx-a')).toBe(ids.first);
    // Another charger's transaction of the same name is its own session.
    expect(await lookups.sessionIdOf(102, 'tx-a')).toBe(ids.otherCharger);
  });

  it('finds nothing for a session of another charger, one the charger never named, or an unknown id', async () => {
    const lookups = dbLookups(database.db);
    expect(await lookups.chargerTransactionId(101, ids.otherCharger!)).toBeNull();
    expect(await lookups.chargerTransactionId(101, ids.v16!)).toBeNull();
    expect(await lookups.chargerTransactionId(101, 999_999)).toBeNull();
    expect(await lookups.sessionIdOf(101, 'tx-unknown')).toBeNull();
  });
});
