import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ConnectionEvent } from '@voltline/contract';
import { ClusterNodes, LOST_COMMAND } from '../src/cluster/nodes.js';
import { chargePoints, clusterNodes, commandRecords } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { registerChargePoint } from './ocpp-helper.js';

// A Voltline process killed with -9 leaves its chargers marked connected. Every process records
// that it is alive; the leader shows the chargers of a silent process offline.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ NODE_ID: 'node-a', CLUSTER_NODE_TIMEOUT_SECONDS: '3' });
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t.close());

const db = () => t.database.db;

async function heldBy(id: number, node: string) {
  await db()
    .update(chargePoints)
    .set({ connected: true, connectedNode: node })
    .where(eq(chargePoints.id, id));
}

async function state(id: number) {
  const [row] = await db()
    .select({ connected: chargePoints.connected, node: chargePoints.connectedNode })
    .from(chargePoints)
    .where(eq(chargePoints.id, id));
  return row;
}

describe('processes sharing one database', () => {
  it('records this process as alive, and shows offline the chargers of a process that fell silent', async () => {
    const alive = await t.app.services.nodes.alive();
    expect(alive.map((n) => n.nodeId)).toEqual(['node-a']);

    const lost = await registerChargePoint(t, 'NODES-LOST', 'nodes-charger-secret-1');
    const kept = await registerChargePoint(t, 'NODES-KEPT', 'nodes-charger-secret-1');
    const unknown = await registerChargePoint(t, 'NODES-UNKNOWN', 'nodes-charger-secret-1');
    // node-z last spoke a minute ago; node-a (this process) just now; node-q never.
    await db()
      .insert(clusterNodes)
      .values({ nodeId: 'node-z', version: 'test', seenAt: new Date(Date.now() - 60_000) });
    await heldBy(lost.id, 'node-z');
    await heldBy(kept.id, 'node-a');
    await heldBy(unknown.id, 'node-q');

    // node-z sent a command and died before its answer; node-a has one in flight.
    await db()
      .insert(commandRecords)
      .values([
        { chargePointId: kept.id, action: 'Reset', request: {}, nodeId: 'node-z' },
        { chargePointId: kept.id, action: 'ClearCache', request: {}, nodeId: 'node-a' },
      ]);

    expect(await t.app.services.nodes.releaseLost()).toBe(2);
    const commands = await db()
      .select({ action: commandRecords.action, outcome: commandRecords.outcome, error: commandRecords.error })
      .from(commandRecords)
      .where(eq(commandRecords.chargePointId, kept.id))
      .orderBy(commandRecords.id);
    expect(commands).toEqual([
      { action: 'Reset', outcome: 'lost', error: LOST_COMMAND },
      { action: 'ClearCache', outcome: 'sent', error: null },
    ]);
    expect(await state(lost.id)).toEqual({ connected: false, node: null });
    expect(await state(unknown.id)).toEqual({ connected: false, node: null });
    expect(await state(kept.id)).toEqual({ connected: true, node: 'node-a' });

    // The charge point's connection history says why, in words the portal translates.
    const history = await t.call<{ data: { items: ConnectionEvent[] } }>(
      'GET',
      `/api/portal/ChargePoint/${lost.id}/connections`,
      { token: admin },
    );
    expect(history.body.data.items[0]).toMatchObject({ event: 'disconnected', closeCause: 'nodeLost' });
    // Nothing more to release on the next sweep.
    expect(await t.app.services.nodes.releaseLost()).toBe(0);
  });

  it('takes its chargers back when a process taken for lost speaks again', async () => {
    const cp = await registerChargePoint(t, 'NODES-BACK', 'nodes-charger-secret-1');
    const frozen = new ClusterNodes({
      db: db(),
      nodeId: 'node-frozen',
      version: 'test',
      timeoutMs: 3_000,
      log: t.app.log,
      held: () => [cp.id],
    });
    await frozen.beat();
    await heldBy(cp.id, 'node-frozen');
    // Frozen for a minute: the leader released its charger.
    await db()
      .update(clusterNodes)
      .set({ seenAt: new Date(Date.now() - 60_000) })
      .where(eq(clusterNodes.nodeId, 'node-frozen'));
    await t.app.services.nodes.releaseLost();
    expect(await state(cp.id)).toEqual({ connected: false, node: null });

    // Its socket is still open: when it speaks again, the charger is shown connected to it again.
    await frozen.beat();
    expect(await state(cp.id)).toEqual({ connected: true, node: 'node-frozen' });
    // A process that stops on purpose leaves the list at once.
    await frozen.stop();
    expect((await t.app.services.nodes.alive()).map((n) => n.nodeId)).toEqual(['node-a']);
  });

  it('answers live and ready for load balancers, and not ready once shutting down', async () => {
    expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    const ready = await t.call<{ status: string; database: string }>('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
    const other = await createTestApp({ NODE_ID: 'node-closing' });
    other.app.services.health.shuttingDown();
    const closing = await other.call<{ error: string }>('GET', '/api/health/ready', {
      headers: { 'accept-language': 'tr' },
    });
    expect(closing.status).toBe(503);
    expect(closing.body.error).toBe('Bu Voltline süreci kapanıyor.');
    await other.close();
  });
});
