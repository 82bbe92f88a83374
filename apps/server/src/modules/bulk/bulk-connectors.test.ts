import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import type { BulkResult } from '@voltline/contract';
import { auditLogs, chargePoints, connectors, operators, tariffs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { boot, connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

// Bulk actions on a charge point's connectors: availability through each charger's own
// ChangeAvailability, archive and restore, one tariff; each row in words, each with its audit line,
// and a connector out of reach refused without its name.

let t: TestApp;
let admin: string;
let istanbul: string;
const PW = 'bulk-connector-secret-1';
const clients: Client[] = [];
const asked: unknown[] = [];

const bulk = (token: string, body: unknown, lang = 'en') =>
  t.call<{ data: BulkResult; error?: string }>('POST', '/api/portal/connector/Bulk', {
    token,
    body,
    headers: { 'accept-language': lang },
  });

/** The connectors of a charge point by their number on it. */
async function connectorsOf(chargePointId: string) {
  const [cp] = await t.database.db
    .select()
    .from(chargePoints)
    .where(eq(chargePoints.chargePointId, chargePointId));
  const rows = await t.database.db.select().from(connectors).where(eq(connectors.chargePointId, cp!.id));
  return Object.fromEntries(rows.map((c) => [c.connectorId, c]));
}

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  await registerChargePoint(t, 'BLKC-1', PW);
  await registerChargePoint(t, 'BLKC-ANK', PW, 'Voltline Ankara');
  const [cp] = await t.database.db
    .select()
    .from(chargePoints)
    .where(eq(chargePoints.chargePointId, 'BLKC-1'));
  // A second and a third connector; the third is archived.
  await t.database.db
    .insert(connectors)
    .values([
      { chargePointId: cp!.id, connectorId: 2 },
      { chargePointId: cp!.id, connectorId: 3, archivedAt: new Date() },
    ])
    .onConflictDoNothing();
  const c = await connectClient(url, 'BLKC-1', PW, 'ocpp1.6');
  clients.push(c);
  // Connector 1 takes it; connector 2 is charging and only schedules it; anything else is refused.
  c.handle('ChangeAvailability', ({ params }: { params?: Record<string, unknown> }) => {
    asked.push(params);
    const id = params?.connectorId;
    return Promise.resolve({ status: id === 1 ? 'Accepted' : id === 2 ? 'Scheduled' : 'Rejected' });
  });
  await c.call('BootNotification', boot);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

describe('bulk actions on connectors', () => {
  it('makes the ticked connectors unavailable through the charger, and refuses the archived one in words', async () => {
    // A second attempt of the test starts from what it asks and audits itself.
    asked.length = 0;
    const [last] = await t.database.db.select({ id: max(auditLogs.id) }).from(auditLogs);
    const k = await connectorsOf('BLKC-1');
    const r = await bulk(admin, {
      selection: { mode: 'ids', ids: [k[1]!.id, k[2]!.id, k[3]!.id] },
      action: 'inoperative',
    });
    expect(r.status).toBe(200);
    const byLabel = Object.fromEntries(r.body.data.rows.map((row) => [row.label, row]));
    expect(byLabel['BLKC-1 / 1']).toMatchObject({
      outcome: 'done',
      message: 'The charge point accepted (Accepted).',
    });
    expect(byLabel['BLKC-1 / 2']).toMatchObject({
      outcome: 'done',
      message: 'The charge point accepted (Scheduled).',
    });
    expect(byLabel['BLKC-1 / 3']).toMatchObject({
      outcome: 'refused',
      message: 'The connector is archived; restore it first. Nothing was done.',
    });
    expect(r.body.data).toMatchObject({ done: 2, refused: 1, failed: 0 });
    // Commands go out four at a time, so the charger may hear them in any order.
    expect(asked).toHaveLength(2);
    expect(asked).toEqual(
      expect.arrayContaining([
        { connectorId: 1, type: 'Inoperative' },
        { connectorId: 2, type: 'Inoperative' },
      ]),
    );
    // Two commands audited as commands, the refusal as a bulk line of the connector.
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          gt(auditLogs.id, last?.id ?? 0),
          inArray(auditLogs.action, ['command.changeAvailability', 'bulk.inoperative']),
        ),
      );
    expect(
      lines.filter((l) => l.action === 'command.changeAvailability' && l.entityId === 'BLKC-1'),
    ).toHaveLength(2);
    expect(lines.filter((l) => l.action === 'bulk.inoperative').map((l) => l.entityId)).toEqual([
      String(k[3]!.id),
    ]);
  });

  it('says in Turkish what a charger refused', async () => {
    const k = await connectorsOf('BLKC-1');
    await t.database.db.update(connectors).set({ archivedAt: null }).where(eq(connectors.id, k[3]!.id));
    const r = await bulk(
      istanbul,
      { selection: { mode: 'ids', ids: [k[3]!.id] }, action: 'operative' },
      'tr',
    );
    expect(r.body.data.rows.map((row) => [row.outcome, row.message])).toEqual([
      ['refused', 'Şarj istasyonu reddetti: Rejected'],
    ]);
    await t.database.db.update(connectors).set({ archivedAt: new Date() }).where(eq(connectors.id, k[3]!.id));
  });

  it('archives and restores every connector of a charge point by filter, refusing those already so', async () => {
    const k = await connectorsOf('BLKC-1');
    const all = { mode: 'filter', filter: { chargePointId: 'BLKC-1' } };
    const archived = await bulk(admin, { selection: all, action: 'archive' });
    expect(archived.body.data).toMatchObject({ done: 2, refused: 1, failed: 0 });
    const now = await connectorsOf('BLKC-1');
    expect(Object.values(now).every((c) => c.archivedAt !== null)).toBe(true);
    const restored = await bulk(admin, { selection: all, action: 'unarchive' });
    expect(restored.body.data).toMatchObject({ done: 3, refused: 0, failed: 0 });
    expect(restored.body.data.rows[0]!.message).toBe('Connector restored.');
    const back = await connectorsOf('BLKC-1');
    expect(Object.values(back).every((c) => c.archivedAt === null)).toBe(true);
    await t.database.db.update(connectors).set({ archivedAt: new Date() }).where(eq(connectors.id, k[3]!.id));
  });

  it('puts one tariff on the ticked connectors, saying which already had it', async () => {
    const [ist] = await t.database.db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    const [tariff] = await t.database.db
      .insert(tariffs)
      .values({
        name: 'Bulk connector tariff',
        operatorId: ist!.id,
        type: 'AC',
        paymentType: 'Postpaid',
        pricePerKwh: 800,
      })
      .returning();
    const k = await connectorsOf('BLKC-1');
    await t.database.db.update(connectors).set({ tariffId: tariff!.id }).where(eq(connectors.id, k[2]!.id));
    const r = await bulk(admin, {
      selection: { mode: 'ids', ids: [k[1]!.id, k[2]!.id] },
      action: 'assignTariff',
      tariffId: tariff!.id,
    });
    expect(r.body.data.rows.map((row) => [row.label, row.outcome, row.message])).toEqual([
      ['BLKC-1 / 1', 'done', 'Tariff set.'],
      ['BLKC-1 / 2', 'refused', 'Already on this tariff; nothing was done.'],
    ]);
    const after = await connectorsOf('BLKC-1');
    expect(after[1]!.tariffId).toBe(tariff!.id);
    const missing = await bulk(admin, {
      selection: { mode: 'ids', ids: [k[1]!.id] },
      action: 'assignTariff',
    });
    expect(missing.status).toBe(400);
  });

  it('refuses a sibling operator’s connector by id without naming it, and its charge point by filter', async () => {
    const ank = await connectorsOf('BLKC-ANK');
    const r = await bulk(istanbul, { selection: { mode: 'ids', ids: [ank[1]!.id] }, action: 'archive' });
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toEqual([
      {
        id: ank[1]!.id,
        label: `#${ank[1]!.id}`,
        outcome: 'refused',
        message: 'Not found, or not in your reach; nothing was done.',
      },
    ]);
    expect(JSON.stringify(r.body)).not.toContain('BLKC-ANK');
    const byFilter = await bulk(istanbul, {
      selection: { mode: 'filter', filter: { chargePointId: 'BLKC-ANK' } },
      action: 'archive',
    });
    expect(byFilter.status).toBe(404);
    const [still] = await t.database.db.select().from(connectors).where(eq(connectors.id, ank[1]!.id));
    expect(still!.archivedAt).toBeNull();
  });

  it('lets only those who may send commands change availability', async () => {
    const finance = await t.login('finance@voltline.local');
    const k = await connectorsOf('BLKC-1');
    const r = await bulk(finance, { selection: { mode: 'ids', ids: [k[1]!.id] }, action: 'operative' });
    expect(r.status).toBe(403);
  });
});
