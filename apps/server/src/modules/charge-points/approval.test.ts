import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import { chargePoints, commandRecords } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// B02 as staff live it: a new charger is held Pending until someone accepts it in the portal; it
// then boots again at once (TriggerMessage BootNotification, which a Pending charger may take)
// instead of after the minute its Pending answer asked it to wait. Both protocols alike.

const PW = 'approval-secret-0001';
let t: TestApp;
let url: string;
let admin: string;
const sims: (SimCharger | SimCharger201)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
  await t.close();
});

async function held(id: string) {
  const cp = await registerChargePoint(t, id, PW);
  await t.database.db
    .update(chargePoints)
    .set({ registrationStatus: 'pending' })
    .where(eq(chargePoints.id, cp.id));
  return cp;
}

const connected = async (id: string) =>
  (await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id)))[0];

describe.each([
  ['HOLD-16', (id: string) => startCharger({ url, id, password: PW, connectors: 1 })],
  ['HOLD-201', (id: string) => startCharger201({ url, id, password: PW, connectors: 1 })],
] as const)('B02 a charger held Pending (%s)', (id, start) => {
  it('is accepted as soon as staff accept it, without waiting for its next retry', async () => {
    const cp = await held(id);
    const sim = await start(id);
    sims.push(sim);
    await until(async () => ((await connected(id))?.lastBootAt ? true : null));
    expect(sim.bootState).toBe('Pending');

    const saved = await t.call('PUT', '/api/portal/ChargePoint', {
      token: admin,
      body: { id: cp.id, registrationStatus: 'accepted' },
    });
    expect(saved.status).toBe(200);
    // Well inside the 60 s the Pending answer gave.
    await until(() => Promise.resolve(sim.bootState === 'Accepted' ? true : null), 10_000);
    const [record] = await t.database.db
      .select({ action: commandRecords.action, outcome: commandRecords.outcome })
      .from(commandRecords)
      .where(and(eq(commandRecords.chargePointId, cp.id), eq(commandRecords.action, 'TriggerMessage')));
    expect(record).toEqual({ action: 'TriggerMessage', outcome: 'answered' });
  });
});
