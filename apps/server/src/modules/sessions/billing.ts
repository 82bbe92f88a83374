import { eq, sql } from 'drizzle-orm';
import type { TariffSnapshot } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { reusable } from '../../db/prepared.js';
import { chargingSessions, payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { postBalanceEntry } from '../drivers/balance.service.js';
import { lockDriverForCharge } from '../drivers/balance.repository.js';
import { snapshotCost, type UsageSample } from '../tariffs/pricing.js';
import { paymentCaptured } from '../events/payment-events.js';
import { sessionBilled } from '../events/session-events.js';
import type { SessionRow } from './sessions.repository.js';
import { usageSamples } from './usage.repository.js';

/** A session's cost and currency as billing set them. */
export interface Billed {
  cost: number;
  currency: string;
}

/**
 * Prices a finished session by the tariff it started under and records the charge: a payment
 * line, and for prepaid drivers a debit on their balance ledger. Runs in the transaction that
 * closed the session, which happens once; the unique `session:{id}` reference and the unique
 * payment per session make a second run change nothing all the same.
 */
export async function billSession(
  tx: Tx,
  session: SessionRow,
  /**
   * `costWritten`: the update that closed the session wrote its cost and currency already
   * (costAtClose) from the samples given. `identity`: the charger's OCPP identity, when the
   * caller holds it. `samples`: the session's meter samples when the caller read them already.
   */
  options: { costWritten?: boolean; identity?: string | undefined; samples?: UsageSample[] } = {},
): Promise<Billed | undefined> {
  const tariff = session.tariffSnapshot as TariffSnapshot | null;
  if (!tariff) return undefined;
  const cost = exactCost(tariff, session, options.samples ?? (await usageSamples(tx, session)));
  const billed = { cost, currency: tariff.currency };
  if (!options.costWritten) {
    await tx
      .update(chargingSessions)
      .set({ ...billed, updatedAt: sql`now()` })
      .where(eq(chargingSessions.id, session.id));
  }
  await sessionBilled(tx, session, billed, options.identity);
  if (cost <= 0) return billed;

  const prepaid = await prepaidDriver(tx, session, tariff);
  if (prepaid) {
    await postBalanceEntry(
      tx,
      {
        driverId: prepaid.driverId,
        amount: -cost,
        kind: 'charge',
        reference: `session:${session.id}`,
        reason: `Charging session ${session.id}`,
        allowNegative: true,
      },
      prepaid.locked,
    );
  }
  const line = {
    pgTranId: `VL-SES-${session.id}`,
    driverId: session.driverId,
    operatorId: session.operatorId,
    sessionId: session.id,
    amount: cost,
    currency: tariff.currency,
    gateway: prepaid ? 'balance' : 'builtin',
  };
  const [inserted] = (await insertSessionPayment(tx).execute(line)) as { id: number }[];
  if (inserted)
    await paymentCaptured(tx, {
      ...line,
      id: inserted.id,
      kind: 'session',
      chargePointId: session.chargePointId,
    });
  return billed;
}

/** A session's payment line, once (the unique payment per session). */
const insertSessionPayment = reusable('payment_insert_session', (tx) =>
  tx
    .insert(payments)
    .values({
      pgTranId: sql.placeholder('pgTranId'),
      kind: 'session',
      driverId: sql.placeholder('driverId'),
      operatorId: sql.placeholder('operatorId'),
      sessionId: sql.placeholder('sessionId'),
      amount: sql.placeholder('amount'),
      currency: sql.placeholder('currency'),
      state: 'completed',
      gateway: sql.placeholder('gateway'),
    })
    .onConflictDoNothing()
    .returning({ id: payments.id }),
);

/**
 * What a running session has cost so far (minor units), priced as billing will price it at the
 * end: by the tariff it started under, for the energy metered since its start. None without a
 * tariff or beyond exact integers.
 */
export function runningCost(
  session: Pick<SessionRow, 'tariffSnapshot' | 'meterStart' | 'lastMeterWh' | 'startedAt'> & {
    chargingEndedAt?: Date | null;
  },
  /** The moment the cost is asked for (time components count up to it). */
  at = new Date(),
): { amount: number; currency: string } | undefined {
  const tariff = session.tariffSnapshot as TariffSnapshot | null;
  if (!tariff) return undefined;
  const energyWh = Math.max(0, (session.lastMeterWh ?? session.meterStart) - session.meterStart);
  const amount = snapshotCost(tariff, {
    startedAt: session.startedAt,
    stoppedAt: at,
    meterStart: session.meterStart,
    energyWh,
    chargingEndedAt: session.chargingEndedAt ?? null,
  });
  return amount === null ? undefined : { amount, currency: tariff.currency };
}

/** The session's cost; one beyond exact integers is never billed (it is held for review). */
function exactCost(tariff: TariffSnapshot, session: SessionRow, samples: UsageSample[]): number {
  const cost = costOfSession(tariff, session, undefined, samples);
  if (cost === null) throw new AppError(409, 'session.costOutOfRange');
  return cost;
}

/**
 * A closed session's cost by its tariff snapshot (null beyond exact integers): by its meter
 * samples when given, and its charging end when known.
 */
export function costOfSession(
  tariff: TariffSnapshot,
  s: Pick<SessionRow, 'startedAt' | 'stoppedAt' | 'meterStart'> & {
    energyWh?: number | null;
    chargingEndedAt?: Date | null;
  },
  energyWh = s.energyWh ?? 0,
  samples: UsageSample[] = [],
): number | null {
  return snapshotCost(tariff, {
    startedAt: s.startedAt,
    stoppedAt: s.stoppedAt ?? s.startedAt,
    meterStart: s.meterStart,
    energyWh,
    chargingEndedAt: s.chargingEndedAt ?? null,
    samples,
  });
}

/**
 * The driver whose balance pays for the session, when it is paid from a prepaid balance: a
 * prepaid tariff, or a driver of a prepaid operator. A balance is never debited in another
 * currency than its own; such a session is billed like a postpaid one. The driver row is read
 * locked, as the posting that follows needs it.
 */
async function prepaidDriver(
  tx: Tx,
  session: SessionRow,
  tariff: TariffSnapshot,
): Promise<{ driverId: number; locked: { balance: number; deletedAt: Date | null } } | undefined> {
  if (session.driverId === null) return undefined;
  const d = await lockDriverForCharge(tx, session.driverId);
  if (!d || d.currency !== tariff.currency) return undefined;
  return tariff.paymentType === 'Prepaid' || d.prepaid
    ? { driverId: session.driverId, locked: d }
    : undefined;
}

/**
 * Prices a session again after its figures changed once it was billed: the charger's own
 * StopTransaction arriving after the session was closed for want of one. The session's payment
 * line takes the new cost (never less than what was already refunded of it), and when the
 * session was paid from a prepaid balance, the ledger moves by exactly what the driver now owes
 * more or less (once: reference `session:{id}:stop`), so balance and payment line agree.
 * Returns the session's cost and currency now (undefined without a tariff).
 */
export async function rebillSession(
  tx: Tx,
  session: SessionRow,
  billedCost: number,
  identity?: string,
): Promise<Billed | undefined> {
  const tariff = session.tariffSnapshot as TariffSnapshot | null;
  if (!tariff) return undefined;
  const samples = await usageSamples(tx, session);
  const cost = exactCost(tariff, session, samples);
  const billed = { cost, currency: tariff.currency };
  if (cost === billedCost) return { cost, currency: session.currency ?? tariff.currency };
  const [payment] = await tx.select().from(payments).where(eq(payments.sessionId, session.id)).for('update');
  if (!payment) {
    // Nothing was charged (a zero cost): bill it as at any stop.
    return billSession(tx, session, { identity, samples });
  }
  await sessionBilled(tx, session, billed, identity);
  await tx
    .update(chargingSessions)
    .set({ cost, currency: tariff.currency, updatedAt: sql`now()` })
    .where(eq(chargingSessions.id, session.id));
  const refunded = payment.refundedAmount;
  const amount = Math.max(cost, refunded);
  // The driver has paid the line's amount less its refunds; the refunds stay as they were.
  const owedMore = amount - payment.amount;
  if (payment.gateway === 'balance' && payment.driverId !== null && owedMore !== 0) {
    await postBalanceEntry(tx, {
      driverId: payment.driverId,
      amount: -owedMore,
      kind: owedMore > 0 ? 'charge' : 'refund',
      reference: `session:${session.id}:stop`,
      reason: `Charging session ${session.id}, corrected by the charger's StopTransaction`,
      allowNegative: true,
    });
  }
  const state = refunded === 0 ? 'completed' : refunded >= amount ? 'refunded' : 'partiallyRefunded';
  await tx.update(payments).set({ amount, state }).where(eq(payments.id, payment.id));
  return billed;
}
