import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TariffSnapshot } from '@voltline/contract';
import { balanceEntries, chargingSessions, drivers, payments } from '../src/db/schema/index.js';
import { ensureDemoChargers } from '../src/seed/demo-chargers.js';
import { seedDemoHistory } from '../src/seed/demo-history.js';
import { impossibleReadings } from '../src/modules/sessions/review.js';
import { sessionCost } from '../src/modules/tariffs/pricing.js';
import { createTestApp, type TestApp } from './helper.js';

// Analytics on a fresh demo network looked broken: no tariffs, so Revenue and Payments stayed at
// zero, "Most used" was all 0 %, and uptime read 0.1 %. The demo now starts with two weeks of a
// living network.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  await ensureDemoChargers(t.database.db, t.config, 5);
  await seedDemoHistory(t.database.db, 14);
});
afterAll(() => t.close());

type Dashboard = {
  range: { sessions: number; energyWh: number; revenue: number };
  utilisation: { average: number };
  uptime: { average: number; lowest: { chargePointId: string; value: number }[] };
};

describe('the demo network on its first minute', () => {
  it('shows a week of sessions, revenue, use and uptime on the dashboard', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 7 * 86_400_000);
    const r = await t.call<{ data: Dashboard }>(
      'GET',
      `/api/portal/analytics?from=${from.toISOString()}&to=${to.toISOString()}`,
      { token: admin },
    );
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.range.sessions).toBeGreaterThan(5);
    expect(d.range.revenue).toBeGreaterThan(0);
    expect(d.utilisation.average).toBeGreaterThan(0);
    // Online since they were added, one with an afternoon's outage: well above 90 %.
    expect(d.uptime.average).toBeGreaterThan(0.9);
    const payments = await t.call<{ data: { total: number } }>(
      'POST',
      '/api/portal/Payment/GetPaymentTransactions?index=0&size=10',
      { token: admin, body: {} },
    );
    expect(payments.body.data.total).toBeGreaterThan(5);
  });

  it('bills every session once at its tariff, with possible readings, and keeps balances equal to their ledgers', async () => {
    const sessions = await t.database.db.select().from(chargingSessions);
    expect(sessions.length).toBeGreaterThan(10);
    for (const s of sessions) {
      expect(impossibleReadings(s, 22_000)).toEqual([]);
      expect(s.cost).toBe(sessionCost(s.tariffSnapshot as TariffSnapshot, s.energyWh ?? 0));
    }
    const perSession = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.kind, 'session'))
      .groupBy(payments.sessionId);
    expect(perSession.length).toBe(sessions.length);
    expect(perSession.every((p) => p.n === 1)).toBe(true);
    const ledger = await t.database.db
      .select({
        balance: drivers.balance,
        sum: sql<number>`coalesce(sum(${balanceEntries.amount}), 0)::float8`,
      })
      .from(drivers)
      .leftJoin(balanceEntries, eq(balanceEntries.driverId, drivers.id))
      .groupBy(drivers.id);
    for (const d of ledger) expect(d.balance).toBe(Number(d.sum));
    // The prepaid drivers topped up enough for their charging.
    expect(ledger.every((d) => d.balance >= 0)).toBe(true);
  });
});
