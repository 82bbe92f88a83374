import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { BulkResult } from '@voltline/contract';
import {
  auditLogs,
  chargePoints,
  chargingSessions,
  connectors,
  drivers,
  operators,
  rfidCards,
  tariffs,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot,
  boot201,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

// Bulk actions on the portal's lists: every row goes through the single-row service, says what
// became of it in words, and leaves its own audit line; the selection never leaves the caller's reach.

let t: TestApp;
let url: string;
let admin: string;
let istanbul: string;
const PW = 'bulk-charger-secret-1';
const clients: Client[] = [];
const heard: Record<string, unknown[]> = {};

async function charger(id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1', status: 'Accepted' | 'Rejected') {
  const c = await connectClient(url, id, PW, protocol);
  clients.push(c);
  heard[id] = [];
  c.handle('Reset', ({ params }: { params?: unknown }) => {
    heard[id]!.push(params);
    return Promise.resolve({ status });
  });
  await c.call('BootNotification', protocol === 'ocpp1.6' ? boot : boot201);
  return c;
}

const bulk = (token: string, path: string, body: unknown, lang = 'en') =>
  t.call<{ data: BulkResult; error?: string }>('POST', `/api/portal/${path}`, {
    token,
    body,
    headers: { 'accept-language': lang },
  });

const idOf = async (chargePointId: string) =>
  (await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, chargePointId)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  for (const id of ['BLK-16', 'BLK-201', 'BLK-OFF', 'TNT-IST-1', 'TNT-IST-2'])
    await registerChargePoint(t, id, PW);
  await registerChargePoint(t, 'TNT-ANK', PW, 'Voltline Ankara');
  await charger('BLK-16', 'ocpp1.6', 'Accepted');
  await charger('BLK-201', 'ocpp2.0.1', 'Rejected');
  await charger('TNT-ANK', 'ocpp1.6', 'Accepted');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

describe('bulk commands to charge points', () => {
  it('resets three chargers: the 1.6 one accepts, the 2.0.1 one refuses, the offline one is refused in words; three audit lines', async () => {
    const cps = await Promise.all(['BLK-16', 'BLK-201', 'BLK-OFF'].map(idOf));
    const r = await bulk(admin, 'ChargePoint/Bulk/commands', {
      selection: { mode: 'ids', ids: cps.map((c) => c.id) },
      command: 'reset',
      params: { type: 'Soft' },
    });
    expect(r.status).toBe(200);
    const byLabel = Object.fromEntries(r.body.data.rows.map((row) => [row.label, row]));
    expect(byLabel['BLK-16']).toMatchObject({
      outcome: 'done',
      message: 'The charge point accepted (Accepted).',
    });
    expect(byLabel['BLK-201']).toMatchObject({
      outcome: 'refused',
      message: 'The charge point refused: Rejected',
    });
    expect(byLabel['BLK-OFF']).toMatchObject({
      outcome: 'refused',
      message: 'Charge point BLK-OFF is not connected.',
    });
    expect(r.body.data).toMatchObject({ done: 1, refused: 2, failed: 0 });
    // Each charger heard its own protocol's Reset.
    expect(heard['BLK-16']).toEqual([{ type: 'Soft' }]);
    expect(heard['BLK-201']).toHaveLength(1);
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'command.reset'),
          inArray(auditLogs.entityId, ['BLK-16', 'BLK-201', 'BLK-OFF']),
        ),
      );
    expect(lines.map((l) => l.entityId).sort()).toEqual(['BLK-16', 'BLK-201', 'BLK-OFF']);
  });

  it('says each outcome in Turkish to a Turkish user', async () => {
    const off = await idOf('BLK-OFF');
    const r = await bulk(
      admin,
      'ChargePoint/Bulk/commands',
      { selection: { mode: 'ids', ids: [off.id] }, command: 'reset', params: { type: 'Hard' } },
      'tr',
    );
    expect(r.body.data.rows[0]).toMatchObject({
      outcome: 'refused',
      message: 'BLK-OFF şarj istasyonu bağlı değil.',
    });
  });

  it('refuses a Finance user commands, and a command whose parameters are wrong before any charger hears it', async () => {
    const finance = await t.login('finance@voltline.local');
    const cp = await idOf('BLK-16');
    const body = { selection: { mode: 'ids', ids: [cp.id] }, command: 'reset', params: { type: 'Soft' } };
    expect((await bulk(finance, 'ChargePoint/Bulk/commands', body)).status).toBe(403);
    const before = heard['BLK-16']!.length;
    const bad = await bulk(admin, 'ChargePoint/Bulk/commands', { ...body, params: { type: 'Sideways' } });
    expect(bad.status).toBe(400);
    expect(heard['BLK-16']).toHaveLength(before);
    // The security profile needs chargePoints:write, which a Site Safety Officer lacks; spaces
    // around the key do not make it another key.
    const safety = await t.login('safety@voltline.local');
    const profile = await bulk(safety, 'ChargePoint/Bulk/commands', {
      ...body,
      command: 'changeConfiguration',
      params: { key: ' SecurityProfile ', value: '0' },
    });
    expect(profile.status).toBe(403);
  });

  it('all matching the filter, for a Main Operator, reaches only its own operator’s chargers', async () => {
    const r = await bulk(istanbul, 'ChargePoint/Bulk/commands', {
      selection: { mode: 'filter', filter: { search: 'TNT', connection: 'Connected' } },
      command: 'reset',
      params: { type: 'Soft' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toEqual([]);
    // Named by id, the sibling's charger is refused in words and never hears a thing.
    const ank = await idOf('TNT-ANK');
    const named = await bulk(istanbul, 'ChargePoint/Bulk/commands', {
      selection: { mode: 'ids', ids: [ank.id] },
      command: 'reset',
      params: { type: 'Soft' },
    });
    expect(named.body.data.rows).toEqual([
      {
        id: ank.id,
        label: `#${ank.id}`,
        outcome: 'refused',
        message: 'Not found, or not in your reach; nothing was done.',
      },
    ]);
    expect(heard['TNT-ANK']).toEqual([]);
  });
});

describe('bulk archive and restore of charge points', () => {
  it('archives all matching the filter in the caller’s reach, then restores them; the sibling’s is untouched', async () => {
    const r = await bulk(istanbul, 'ChargePoint/Bulk', {
      selection: { mode: 'filter', filter: { search: 'TNT' } },
      action: 'archive',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.label, x.outcome, x.message])).toEqual([
      ['TNT-IST-1', 'done', 'Charge point archived.'],
      ['TNT-IST-2', 'done', 'Charge point archived.'],
    ]);
    expect((await idOf('TNT-ANK')).archivedAt).toBeNull();
    expect((await idOf('TNT-IST-1')).archivedAt).not.toBeNull();
    const again = await bulk(istanbul, 'ChargePoint/Bulk', {
      selection: { mode: 'filter', filter: { search: 'TNT', list: 'archived' } },
      action: 'unarchive',
    });
    expect(again.body.data).toMatchObject({ done: 2, refused: 0 });
    expect((await idOf('TNT-IST-2')).archivedAt).toBeNull();
    const lines = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, 'TNT-IST-1'));
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['archive', 'unarchive']));
  });

  it('puts one tariff on every connector of all matching charge points; a sibling’s tariff is refused per row', async () => {
    const db = t.database.db;
    const [ist] = await db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    const [ank] = await db.select().from(operators).where(eq(operators.name, 'Voltline Ankara'));
    const [mine, theirs] = await db
      .insert(tariffs)
      .values([
        { operatorId: ist!.id, name: 'Bulk tariff', type: 'AC', paymentType: 'Postpaid', pricePerKwh: 500 },
        {
          operatorId: ank!.id,
          name: 'Sibling tariff',
          type: 'AC',
          paymentType: 'Postpaid',
          pricePerKwh: 600,
        },
      ])
      .returning();
    const selection = { mode: 'filter', filter: { search: 'TNT' } };
    const r = await bulk(istanbul, 'ChargePoint/Bulk', {
      selection,
      action: 'assignTariff',
      tariffId: mine!.id,
    });
    expect(r.body.data.rows.map((x) => [x.label, x.outcome, x.message])).toEqual([
      ['TNT-IST-1', 'done', 'Tariff set on 2 connector(s).'],
      ['TNT-IST-2', 'done', 'Tariff set on 2 connector(s).'],
    ]);
    const cp = await idOf('TNT-IST-1');
    const set = await db.select().from(connectors).where(eq(connectors.chargePointId, cp.id));
    expect(set.map((c) => c.tariffId)).toEqual([mine!.id, mine!.id]);
    const refused = await bulk(istanbul, 'ChargePoint/Bulk', {
      selection,
      action: 'assignTariff',
      tariffId: theirs!.id,
    });
    expect(refused.body.data.rows.map((x) => [x.outcome, x.message])).toEqual([
      ['refused', 'That tariff is not available for this charge point.'],
      ['refused', 'That tariff is not available for this charge point.'],
    ]);
    const lines = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'bulk.assignTariff'), eq(auditLogs.entityId, 'TNT-IST-1')));
    expect(lines).toHaveLength(1);
    expect((await bulk(istanbul, 'ChargePoint/Bulk', { selection, action: 'assignTariff' })).status).toBe(
      400,
    );
  });

  it('refuses a selection above 1,000 rows before touching any, and says so', async () => {
    const [op] = await t.database.db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    await t.database.db.insert(chargePoints).values(
      Array.from({ length: 1001 }, (_, i) => ({
        chargePointId: `CAP-${i}`,
        name: `CAP-${i}`,
        operatorId: op!.id,
      })),
    );
    const r = await bulk(admin, 'ChargePoint/Bulk', {
      selection: { mode: 'filter', filter: { search: 'CAP-' } },
      action: 'archive',
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'This selection has 1001 rows; one bulk action takes at most 1000. Narrow the filter and try again.',
    );
    const archived = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'CAP-0'));
    expect(archived[0]!.archivedAt).toBeNull();
  });
});

describe('bulk actions on drivers', () => {
  it('archives many drivers, each with its audit line, and refuses one out of reach', async () => {
    const db = t.database.db;
    const [ist] = await db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    const [ank] = await db.select().from(operators).where(eq(operators.name, 'Voltline Ankara'));
    const mine = await db
      .insert(drivers)
      .values([1, 2, 3].map((n) => ({ name: `Bulk${n}`, surname: 'Driver', operatorId: ist!.id })))
      .returning();
    const [theirs] = await db
      .insert(drivers)
      .values({ name: 'Sibling', surname: 'Driver', operatorId: ank!.id })
      .returning();
    const ids = [...mine.map((d) => d.id), theirs!.id];
    const r = await bulk(istanbul, 'Driver/Bulk', { selection: { mode: 'ids', ids }, action: 'archive' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ done: 3, refused: 1, failed: 0 });
    expect(r.body.data.rows.find((x) => x.id === theirs!.id)?.outcome).toBe('refused');
    const left = await db.select().from(drivers).where(inArray(drivers.id, ids));
    expect(
      left
        .filter((d) => d.deletedAt)
        .map((d) => d.id)
        .sort(),
    ).toEqual(mine.map((d) => d.id).sort());
    const lines = await until(async () => {
      const l = await db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.entity, 'driver'),
            eq(auditLogs.action, 'delete'),
            inArray(auditLogs.entityId, ids.map(String)),
          ),
        );
      return l.length >= 3 && l;
    });
    expect(lines).toHaveLength(3);
  });

  it('blocks drivers only with a reason, and refuses a Finance user', async () => {
    const finance = await t.login('finance@voltline.local');
    const sel = { selection: { mode: 'filter', filter: { search: 'nobody-matches' } }, action: 'block' };
    expect((await bulk(finance, 'Driver/Bulk', { ...sel, reason: 'fraud' })).status).toBe(403);
    expect((await bulk(admin, 'Driver/Bulk', sel)).status).toBe(400);
  });
});

describe('bulk actions on RFID cards', () => {
  async function cardsOf(operator: string, prefix: string) {
    const db = t.database.db;
    const [op] = await db.select().from(operators).where(eq(operators.name, operator));
    const [driver] = await db
      .insert(drivers)
      .values({ name: prefix, surname: 'Cards', operatorId: op!.id })
      .returning();
    const cards = await db
      .insert(rfidCards)
      .values([1, 2].map((n) => ({ driverId: driver!.id, number: `${prefix}-${n}` })))
      .returning();
    return { driver: driver!, cards };
  }

  it('blocks two cards of its own, refuses a sibling operator’s card in words, one audit line per change', async () => {
    const db = t.database.db;
    const mine = await cardsOf('Voltline İstanbul', 'BLKC');
    const theirs = await cardsOf('Voltline Ankara', 'SIBC');
    const ids = [...mine.cards.map((c) => c.id), theirs.cards[0]!.id];
    const r = await bulk(istanbul, 'driver/RFIDCards/Bulk', {
      selection: { mode: 'ids', ids },
      action: 'block',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.label, x.outcome, x.message])).toEqual([
      ['BLKC-1', 'done', 'Card blocked: no charger accepts it.'],
      ['BLKC-2', 'done', 'Card blocked: no charger accepts it.'],
      [`#${theirs.cards[0]!.id}`, 'refused', 'Not found, or not in your reach; nothing was done.'],
    ]);
    const after = await db.select().from(rfidCards).where(inArray(rfidCards.id, ids));
    expect(Object.fromEntries(after.map((c) => [c.number, c.status]))).toEqual({
      'BLKC-1': 'blocked',
      'BLKC-2': 'blocked',
      'SIBC-1': 'active',
    });
    const lines = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'rfidCard'), inArray(auditLogs.entityId, ids.map(String))));
    expect(lines.map((l) => [l.entityId, l.action])).toEqual(mine.cards.map((c) => [String(c.id), 'update']));
  });

  it('archives every card of a driver by filter, refusing the one already archived, and says so in Turkish', async () => {
    const db = t.database.db;
    const { driver, cards } = await cardsOf('Voltline İstanbul', 'ARCC');
    await db.update(rfidCards).set({ archivedAt: new Date() }).where(eq(rfidCards.id, cards[1]!.id));
    const r = await bulk(
      istanbul,
      'driver/RFIDCards/Bulk',
      { selection: { mode: 'filter', filter: { driverId: driver.id } }, action: 'archive' },
      'tr',
    );
    expect(r.body.data.rows.map((x) => [x.label, x.outcome, x.message])).toEqual([
      ['ARCC-1', 'done', 'Kart arşivlendi.'],
      ['ARCC-2', 'refused', 'Zaten arşivde; hiçbir şey yapılmadı.'],
    ]);
    const unblock = await bulk(istanbul, 'driver/RFIDCards/Bulk', {
      selection: { mode: 'ids', ids: [cards[0]!.id] },
      action: 'unblock',
    });
    expect(unblock.body.data.rows[0]).toMatchObject({
      outcome: 'refused',
      message: 'The card is archived; restore it first. Nothing was done.',
    });
    const restored = await bulk(istanbul, 'driver/RFIDCards/Bulk', {
      selection: { mode: 'ids', ids: cards.map((c) => c.id) },
      action: 'unarchive',
    });
    expect(restored.body.data).toMatchObject({ done: 2, refused: 0 });
    const left = await db.select().from(rfidCards).where(eq(rfidCards.driverId, driver.id));
    expect(left.every((c) => c.archivedAt === null)).toBe(true);
  });

  it('refuses a sibling operator’s driver as a filter, and a Finance user, before touching any card', async () => {
    const theirs = await cardsOf('Voltline Ankara', 'SIBF');
    const byFilter = await bulk(istanbul, 'driver/RFIDCards/Bulk', {
      selection: { mode: 'filter', filter: { driverId: theirs.driver.id } },
      action: 'block',
    });
    expect(byFilter.status).toBe(404);
    const finance = await t.login('finance@voltline.local');
    const r = await bulk(finance, 'driver/RFIDCards/Bulk', {
      selection: { mode: 'ids', ids: [theirs.cards[0]!.id] },
      action: 'block',
    });
    expect(r.status).toBe(403);
    const after = await t.database.db
      .select()
      .from(rfidCards)
      .where(eq(rfidCards.driverId, theirs.driver.id));
    expect(after.map((c) => c.status)).toEqual(['active', 'active']);
  });
});

describe('bulk close of stuck sessions', () => {
  it('closes its own running session, refuses a finished one and a sibling operator’s in words, audits the close', async () => {
    const db = t.database.db;
    const [ist, ank] = await Promise.all([idOf('TNT-IST-1'), idOf('TNT-ANK')]);
    const session = (cp: typeof ist, state: 'active' | 'completed') => ({
      chargePointId: cp.id,
      operatorId: cp.operatorId,
      // One session per connector and start: the finished one is on the second connector.
      connectorId: state === 'active' ? 1 : 2,
      idTag: 'BULKTAG',
      meterStart: 0,
      lastMeterWh: 1_000,
      startedAt: new Date(Date.now() - 3 * 86_400_000),
      state,
    });
    const made = await db
      .insert(chargingSessions)
      .values([session(ist, 'active'), session(ist, 'completed'), session(ank, 'active')])
      .returning();
    const [stuck, finished, theirs] = made;
    const r = await bulk(istanbul, 'Transaction/Bulk', {
      selection: { mode: 'ids', ids: made.map((m) => m.id) },
      action: 'close',
      reason: 'Charger lost its Stop',
    });
    expect(r.status).toBe(200);
    // Rows come in the list's order (newest first); the ones out of reach after them.
    const said = r.body.data.rows.map((x) => [x.id, x.outcome, x.message]);
    expect(said.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [stuck!.id, 'done', 'Session closed and billed at its last meter reading.'],
      [finished!.id, 'refused', 'This session is not running, so there is nothing to close.'],
      [theirs!.id, 'refused', 'Not found, or not in your reach; nothing was done.'],
    ]);
    const after = await db
      .select()
      .from(chargingSessions)
      .where(
        inArray(
          chargingSessions.id,
          made.map((m) => m.id),
        ),
      );
    const byId = new Map(after.map((a) => [a.id, a.state]));
    expect(byId.get(stuck!.id)).not.toBe('active');
    expect(byId.get(theirs!.id)).toBe('active');
    const lines = await db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'session'),
          inArray(
            auditLogs.entityId,
            made.map((m) => String(m.id)),
          ),
        ),
      );
    expect(lines.map((l) => [l.entityId, l.action]).sort()).toEqual(
      [
        [String(stuck!.id), 'close'],
        [String(finished!.id), 'bulk.close'],
      ].sort(),
    );
    const noReason = await bulk(istanbul, 'Transaction/Bulk', {
      selection: { mode: 'ids', ids: [theirs!.id] },
      action: 'close',
    });
    expect(noReason.status).toBe(400);
  });
});

describe('bulk smart-charging group membership', () => {
  it('adds charge points to a group and takes one out, each in words, a sibling operator’s refused', async () => {
    const db = t.database.db;
    const [op] = await db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
    const made = await t.call<{ data: { id: number } }>('POST', '/api/portal/SmartCharging', {
      token: istanbul,
      body: {
        name: 'Bulk depot',
        operatorId: op!.id,
        chargingRateUnit: 'A',
        mode: 'equal',
        maxPower: 64,
        minPerSession: 6,
      },
    });
    expect(made.status).toBe(200);
    const groupId = made.body.data.id;
    const cps = await Promise.all(['TNT-IST-1', 'TNT-IST-2', 'TNT-ANK'].map(idOf));
    const selection = { mode: 'ids', ids: cps.map((c) => c.id) };
    const added = await bulk(istanbul, 'ChargePoint/Bulk', { selection, action: 'addToGroup', groupId });
    expect(added.body.data.rows.map((x) => [x.label, x.outcome, x.message])).toEqual([
      ['TNT-IST-1', 'done', 'Added to the group Bulk depot.'],
      ['TNT-IST-2', 'done', 'Added to the group Bulk depot.'],
      [`#${cps[2]!.id}`, 'refused', 'Not found, or not in your reach; nothing was done.'],
    ]);
    const again = await bulk(
      istanbul,
      'ChargePoint/Bulk',
      { selection: { mode: 'ids', ids: [cps[0]!.id] }, action: 'addToGroup', groupId },
      'tr',
    );
    expect(again.body.data.rows[0]).toMatchObject({
      outcome: 'refused',
      message: 'Zaten Bulk depot grubunda; hiçbir şey yapılmadı.',
    });
    const removed = await bulk(istanbul, 'ChargePoint/Bulk', {
      selection: { mode: 'ids', ids: [cps[0]!.id] },
      action: 'removeFromGroup',
      groupId,
    });
    expect(removed.body.data.rows[0]).toMatchObject({
      outcome: 'done',
      message: 'Left the group Bulk depot; its limits are being cleared.',
    });
    const group = await t.call<{ data: { chargePointIds: string[] } }>(
      'GET',
      `/api/portal/SmartCharging/${groupId}`,
      {
        token: istanbul,
      },
    );
    expect(group.body.data.chargePointIds).toEqual(['TNT-IST-2']);
    const lines = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'smartChargingGroup'), eq(auditLogs.entityId, String(groupId))));
    expect(lines.map((l) => l.action).sort()).toEqual(
      ['addChargePoints', 'addChargePoints', 'create', 'removeChargePoints'].sort(),
    );
    expect((await bulk(istanbul, 'ChargePoint/Bulk', { selection, action: 'addToGroup' })).status).toBe(400);
  });
});
