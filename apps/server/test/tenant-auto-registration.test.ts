import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PendingChargePointList } from '@voltline/contract';
import { auditLogs, chargePoints, operators } from '../src/db/schema/index.js';
import { createTestApp, registerNetwork, type TestApp } from './helper.js';
import { boot, connectClient, handshakeStatus, listen } from './ocpp-helper.js';

// Unknown chargers (issue #27): a self-registered operator that switches on auto-registration
// must not capture the installation's unknown chargers. They are held as pending, seen by an
// Admin, and approved into an operator; a flood of made-up ids from one address stores little.

const LIMIT = 20;
const METRICS_TOKEN = 'pending-metrics-token-0123';
let t: TestApp;
let url: string;
let admin: string;
let stranger: string;
let istanbul: string;

type Answer<T> = { data: T; message?: string };
const PW = 'unknown-charger-pw1';

beforeAll(async () => {
  t = await createTestApp({
    OCPP_PENDING_CHARGERS: 'true',
    OCPP_UNKNOWN_PER_ADDRESS_PER_MINUTE: String(LIMIT),
    METRICS_TOKEN,
  });
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  stranger = await registerNetwork(t, {
    companyName: 'Stranger Charging',
    name: 'Sam',
    surname: 'Stranger',
    email: 'sam@stranger.example',
    password: 'stranger-pass-01',
  });
});
afterAll(() => t.close());

const operatorId = async (name: string) =>
  (await t.database.db.select({ id: operators.id }).from(operators).where(eq(operators.name, name)))[0]!.id;
const idsInReach = async (token: string) =>
  (
    await t.call<Answer<{ chargePointId: string }[]>>('GET', '/api/portal/ChargePoint', { token })
  ).body.data.map((c) => c.chargePointId);
const pendingList = (token: string) =>
  t.call<Answer<PendingChargePointList>>('GET', '/api/portal/ChargePoint/Pending', { token });

/** A WebSocket handshake as an unknown charger: the HTTP status of a refusal, or 101. */
const handshake = (identity: string, base = url) => handshakeStatus(base, identity);

describe('an unknown charger, with a self-registered operator auto-registering', () => {
  it('is not placed in that operator: it is held as pending and its BootNotification is Rejected', async () => {
    const stId = await operatorId('Stranger Charging');
    const on = await t.call('PUT', '/api/portal/operator/UpdateOperatorWithMerchantAsync', {
      token: stranger,
      body: { id: stId, autoRegisterChargePoints: true },
    });
    expect(on.status).toBe(200);

    const charger = await connectClient(url, 'UNKNOWN-1', PW);
    const answer = (await charger.call('BootNotification', boot)) as { status: string; interval: number };
    expect(answer.status).toBe('Rejected');
    expect(answer.interval).toBeGreaterThan(0);
    await charger.close({ force: true });

    expect(await idsInReach(stranger)).not.toContain('UNKNOWN-1');
    const [row] = await t.database.db
      .select()
      .from(chargePoints)
      .where(sql`lower(${chargePoints.chargePointId}) = 'unknown-1'`);
    expect(row).toBeUndefined();
  });

  it('is listed as pending to the Admin, with what it said at boot, and to no one else', async () => {
    const charger = await connectClient(url, 'UNKNOWN-1', PW);
    await charger.close({ force: true });
    const list = await pendingList(admin);
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({
        chargePointId: 'UNKNOWN-1',
        vendor: boot.chargePointVendor,
        model: boot.chargePointModel,
        serialNumber: boot.chargePointSerialNumber,
        firmwareVersion: boot.firmwareVersion,
        attempts: 2,
        hasPassword: true,
      }),
    ]);
    expect(list.body.data.items[0]?.remoteAddress).toContain('127.0.0.1');
    expect((await pendingList(stranger)).body.data).toEqual({ items: [], total: 0 });
    expect((await pendingList(istanbul)).body.data).toEqual({ items: [], total: 0 });
  });

  it('can be approved only by the Admin; it then belongs to the chosen operator, audited', async () => {
    const pendingId = (await pendingList(admin)).body.data.items[0]!.id;
    const istanbulId = await operatorId('Voltline İstanbul');
    const approve = (token: string, body: Record<string, unknown>) =>
      t.call('POST', '/api/portal/ChargePoint/Pending/Approve', { token, body: { id: pendingId, ...body } });

    expect((await approve(stranger, { operatorId: await operatorId('Stranger Charging') })).status).toBe(404);
    expect((await approve(admin, { name: 'x'.repeat(200) })).status).toBe(400);
    const ok = await approve(admin, { operatorId: istanbulId, name: 'Istanbul Depot 1' });
    expect(ok.status).toBe(200);

    expect(await idsInReach(istanbul)).toContain('UNKNOWN-1');
    expect(await idsInReach(stranger)).not.toContain('UNKNOWN-1');
    expect((await pendingList(admin)).body.data.total).toBe(0);
    const [line] = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'approve' and ${auditLogs.entityId} = 'UNKNOWN-1'`);
    expect(line).toBeDefined();

    // Its next connection, with the password it first presented, is a charge point's.
    const charger = await connectClient(url, 'UNKNOWN-1', PW);
    const answer = (await charger.call('BootNotification', boot)) as { status: string };
    expect(answer.status).toBe('Accepted');
    await charger.close({ force: true });
    await expect(connectClient(url, 'UNKNOWN-1', 'some-other-password')).rejects.toThrow();
  });

  it('can be deleted by the Admin, audited', async () => {
    expect(await handshake('UNKNOWN-2')).toBe(101);
    const id = (await pendingList(admin)).body.data.items.find((p) => p.chargePointId === 'UNKNOWN-2')!.id;
    expect(
      (await t.call('POST', '/api/portal/ChargePoint/Pending/Reject', { token: stranger, body: { id } }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/portal/ChargePoint/Pending/Reject', { token: admin, body: { id } })).status,
    ).toBe(200);
    expect((await pendingList(admin)).body.data.total).toBe(0);
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'reject' and ${auditLogs.entityId} = 'UNKNOWN-2'`);
    expect(lines).toHaveLength(1);
  });
});

describe('a flood of unknown ids from one address', () => {
  it('stores a bounded number of rows; the rest are refused and counted', async () => {
    const N = 300;
    const statuses: number[] = [];
    for (let i = 0; i < N; i += 10) {
      statuses.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, k) => handshake(`FLOOD-${i + k}`)))),
      );
    }
    const refused = statuses.filter((s) => s === 429).length;
    const rows = (await pendingList(admin)).body.data.total;
    const created = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chargePoints)
      .where(sql`${chargePoints.chargePointId} like 'FLOOD-%'`);
    expect(created[0]!.n).toBe(0);
    // The limit is per minute: a very slow run may span two windows.
    expect(rows).toBeLessThanOrEqual(2 * LIMIT);
    expect(refused).toBe(N - rows);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const limited =
      /voltline_ocpp_unknown_charger_handshakes_total\{[^}]*outcome="limited"[^}]*\} (\d+)/.exec(
        metrics.body,
      );
    expect(Number(limited?.[1])).toBe(refused);
  });
});

describe('a full pending list', () => {
  it('refuses new ids, not stored, while the pending ones keep retrying', async () => {
    const small = await createTestApp({
      OCPP_PENDING_CHARGERS: 'true',
      OCPP_PENDING_CHARGERS_MAX: '3',
      OCPP_UNKNOWN_PER_ADDRESS_PER_MINUTE: '100',
    });
    try {
      const base = await listen(small);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push(await handshake(`MANY-${i}`, base));
      expect(statuses).toEqual([101, 101, 101, 429, 429, 429, 429, 429, 429, 429]);
      expect(await handshake('MANY-1', base)).toBe(101);
      const token = await small.login('admin@voltline.local');
      const list = await small.call<Answer<PendingChargePointList>>(
        'GET',
        '/api/portal/ChargePoint/Pending',
        {
          token,
        },
      );
      expect(list.body.data.total).toBe(3);
      expect(list.body.data.items.find((p) => p.chargePointId === 'MANY-1')?.attempts).toBe(2);
    } finally {
      await small.close();
    }
  });
});
