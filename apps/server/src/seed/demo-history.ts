import { eq, inArray, like } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  balanceEntries,
  chargePoints,
  chargingSessions,
  connectionEvents,
  connectors,
  drivers,
  operators,
  payments,
  rfidCards,
  tariffs,
} from '../db/schema/index.js';
import { postBalanceEntry } from '../modules/drivers/balance.service.js';
import { billSession } from '../modules/sessions/billing.js';
import { insertMeterValues, type NewMeterValue } from '../modules/sessions/sessions.repository.js';
import { snapshotOf } from '../modules/tariffs/tariffs.repository.js';
import { DEMO_PREFIX } from './demo-chargers.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small deterministic random source, so every fresh demo has the same history. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `days` of history for a fresh demo network, so a new user sees a living network from the first
 * minute: a tariff on every demo connector, the demo chargers online since they were added (one
 * with an afternoon's outage), a few sessions a day per charger billed as at any stop (payment
 * lines, prepaid balances debited), and the top-ups that paid for them. Runs once, after
 * `ensureDemoChargers`, on the database `bootstrap` just created.
 */
export async function seedDemoHistory(db: Db, days: number, now = new Date()): Promise<void> {
  if (days <= 0) return;
  const start = new Date(Math.floor((now.getTime() - days * DAY) / HOUR) * HOUR);
  await db.transaction(async (tx) => {
    const subs = await tx
      .select({ id: operators.id, name: operators.name })
      .from(operators)
      .where(inArray(operators.name, ['Voltline İstanbul', 'Voltline Ankara']));
    const istanbul = subs.find((o) => o.name === 'Voltline İstanbul');
    const ankara = subs.find((o) => o.name === 'Voltline Ankara');
    if (!istanbul || !ankara) return;
    const tariffOf = new Map<number, typeof tariffs.$inferSelect>();
    for (const [op, name, paymentType, price] of [
      [istanbul.id, 'İstanbul AC', 'Prepaid', 850],
      [ankara.id, 'Ankara AC', 'Postpaid', 700],
    ] as const) {
      const [t] = await tx
        .insert(tariffs)
        .values({
          operatorId: op,
          name,
          type: 'AC',
          paymentType,
          currency: 'TRY',
          pricePerKwh: price,
          validFrom: start,
        })
        .returning();
      if (t) tariffOf.set(op, t);
    }

    const cps = await tx
      .select({
        id: chargePoints.id,
        operatorId: chargePoints.operatorId,
        chargePointId: chargePoints.chargePointId,
      })
      .from(chargePoints)
      .where(like(chargePoints.chargePointId, `${DEMO_PREFIX}%`))
      .orderBy(chargePoints.chargePointId);
    const cards = await tx
      .select({
        idTag: rfidCards.number,
        rfidCardId: rfidCards.id,
        driverId: drivers.id,
        operatorId: drivers.operatorId,
      })
      .from(rfidCards)
      .innerJoin(drivers, eq(drivers.id, rfidCards.driverId));

    // Everything that moves money, run in time order so each ledger entry follows the one before.
    const plan: { at: Date; run: () => Promise<void> }[] = [];
    // The prepaid drivers top up at the start and after a week.
    for (const card of cards.filter((c) => c.operatorId === istanbul.id)) {
      for (const [n, at] of [start, new Date(start.getTime() + 7 * DAY)].entries()) {
        if (at > now) continue;
        const pgTranId = `VL-TOP-DEMO-${card.driverId}-${n + 1}`;
        plan.push({ at, run: () => topUp(tx, card.driverId, istanbul.id, 200_000, pgTranId, at) });
      }
    }

    const rand = random(42);
    for (const [i, cp] of cps.entries()) {
      const tariff = tariffOf.get(cp.operatorId);
      await tx
        .update(chargePoints)
        .set({ createdAt: start, activationDate: start })
        .where(eq(chargePoints.id, cp.id));
      if (tariff)
        await tx.update(connectors).set({ tariffId: tariff.id }).where(eq(connectors.chargePointId, cp.id));
      const events: (typeof connectionEvents.$inferInsert)[] = [
        { chargePointId: cp.id, event: 'connected', at: start, detail: 'demo history' },
      ];
      if (i === 3) {
        // An afternoon without network on the third day.
        const down = new Date(start.getTime() + 2 * DAY + 14 * HOUR);
        events.push(
          { chargePointId: cp.id, event: 'disconnected', at: down, detail: '1006 connection lost' },
          { chargePointId: cp.id, event: 'connected', at: new Date(down.getTime() + 3 * HOUR) },
        );
      }
      await tx.insert(connectionEvents).values(events);
      const ownCards = cards.filter((c) => c.operatorId === cp.operatorId);
      if (!tariff || ownCards.length === 0) continue;
      const meters = new Map<number, number>([
        [1, 1_000_000 + i * 250_000],
        [2, 2_000_000 + i * 250_000],
      ]);
      for (let d = 0; d < days; d++) {
        const count = Math.floor(rand() * 3);
        for (let k = 0; k < count; k++) {
          const connectorId = 1 + (k % 2);
          const card = ownCards[Math.floor(rand() * ownCards.length)] ?? ownCards[0]!;
          const startedAt = new Date(start.getTime() + d * DAY + (7 + k * 6 + rand() * 4) * HOUR);
          const energyWh = Math.round(4_000 + rand() * 26_000);
          const powerW = 7_000 + Math.round(rand() * 15_000);
          const stoppedAt = new Date(
            startedAt.getTime() + Math.ceil((energyWh / powerW) * HOUR) + 10 * 60_000,
          );
          if (stoppedAt > now) continue;
          const meterStart = meters.get(connectorId) ?? 0;
          meters.set(connectorId, meterStart + energyWh);
          const session = {
            cp,
            connectorId,
            card,
            tariff,
            startedAt,
            stoppedAt,
            meterStart,
            energyWh,
            powerW,
          };
          plan.push({ at: stoppedAt, run: () => demoSession(tx, session) });
        }
      }
    }
    plan.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const step of plan) await step.run();
  });
}

async function topUp(
  tx: Tx,
  driverId: number,
  operatorId: number,
  amount: number,
  pgTranId: string,
  at: Date,
) {
  await tx.insert(payments).values({
    pgTranId,
    kind: 'topup',
    driverId,
    operatorId,
    amount,
    currency: 'TRY',
    state: 'completed',
    gateway: 'builtin',
    createdAt: at,
  });
  await postBalanceEntry(tx, {
    driverId,
    amount,
    kind: 'topup',
    reference: `payment:${pgTranId}`,
    reason: `Top-up ${pgTranId}`,
  });
  await tx
    .update(balanceEntries)
    .set({ createdAt: at })
    .where(eq(balanceEntries.reference, `payment:${pgTranId}`));
}

/** One finished session with a few meter samples, billed as at a StopTransaction. */
async function demoSession(
  tx: Tx,
  s: {
    cp: { id: number; operatorId: number };
    connectorId: number;
    card: { idTag: string; rfidCardId: number; driverId: number };
    tariff: typeof tariffs.$inferSelect;
    startedAt: Date;
    stoppedAt: Date;
    meterStart: number;
    energyWh: number;
    powerW: number;
  },
) {
  const meterStop = s.meterStart + s.energyWh;
  const [row] = await tx
    .insert(chargingSessions)
    .values({
      chargePointId: s.cp.id,
      operatorId: s.cp.operatorId,
      connectorId: s.connectorId,
      idTag: s.card.idTag,
      rfidCardId: s.card.rfidCardId,
      driverId: s.card.driverId,
      tariffId: s.tariff.id,
      tariffSnapshot: snapshotOf(s.tariff),
      currency: s.tariff.currency,
      meterStart: s.meterStart,
      meterStop,
      lastMeterWh: meterStop,
      energyWh: s.energyWh,
      startedAt: s.startedAt,
      stoppedAt: s.stoppedAt,
      stopReason: 'EVDisconnected',
      state: 'completed',
      createdAt: s.startedAt,
      updatedAt: s.stoppedAt,
    })
    .returning();
  if (!row) return;
  const span = s.stoppedAt.getTime() - s.startedAt.getTime();
  const samples: NewMeterValue[] = [0, 1, 2, 3].flatMap((q) => {
    const at = new Date(s.startedAt.getTime() + (span * q) / 3);
    const sample = {
      chargePointId: s.cp.id,
      connectorId: s.connectorId,
      sessionId: row.id,
      at,
      context: 'Sample.Periodic',
      format: 'Raw',
      phase: null,
      location: null,
    };
    const wh = Math.round(s.meterStart + (s.energyWh * q) / 3);
    return [
      { ...sample, measurand: 'Energy.Active.Import.Register', unit: 'Wh', value: String(wh), numeric: wh },
      {
        ...sample,
        measurand: 'Power.Active.Import',
        unit: 'W',
        value: String(q === 3 ? 0 : s.powerW),
        numeric: q === 3 ? 0 : s.powerW,
      },
    ];
  });
  await insertMeterValues(tx, samples);
  await billSession(tx, row);
  // The bill dates from the stop, as it would have.
  await tx.update(payments).set({ createdAt: s.stoppedAt }).where(eq(payments.sessionId, row.id));
  await tx
    .update(balanceEntries)
    .set({ createdAt: s.stoppedAt })
    .where(eq(balanceEntries.reference, `session:${row.id}`));
}
