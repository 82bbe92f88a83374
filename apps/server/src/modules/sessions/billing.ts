import { eq, sql } from 'drizzle-orm';
import type { TariffSnapshot } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { chargingSessions, drivers, operators, payments } from '../../db/schema/index.js';
import { postBalanceEntry } from '../drivers/balance.service.js';
import { sessionCost } from '../tariffs/pricing.js';
import type { SessionRow } from './sessions.repository.js';

/**
 * Prices a finished session by the tariff it started under and records the charge: a payment
 * line, and for prepaid drivers a debit on their balance ledger. Runs in the transaction that
 * closed the session, which happens once; the unique `session:{id}` reference and the unique
 * payment per session make a second run change nothing all the same.
 */
export async function billSession(tx: Tx, session: SessionRow): Promise<void> {
  const tariff = session.tariffSnapshot as TariffSnapshot | null;
  if (!tariff) return;
  const cost = sessionCost(tariff, session.energyWh ?? 0);
  await tx
    .update(chargingSessions)
    .set({ cost, currency: tariff.currency, updatedAt: sql`now()` })
    .where(eq(chargingSessions.id, session.id));
  if (cost <= 0) return;

  let prepaid = tariff.paymentType === 'Prepaid';
  if (session.driverId !== null && !prepaid) {
    const [d] = await tx
      .select({ prepaid: operators.prepaid })
      .from(drivers)
      .innerJoin(operators, eq(operators.id, drivers.operatorId))
      .where(eq(drivers.id, session.driverId));
    prepaid = d?.prepaid ?? false;
  }
  if (session.driverId !== null && prepaid) {
    await postBalanceEntry(tx, {
      driverId: session.driverId,
      amount: -cost,
      kind: 'charge',
      reference: `session:${session.id}`,
      reason: `Charging session ${session.id}`,
      allowNegative: true,
    });
  }
  await tx
    .insert(payments)
    .values({
      pgTranId: `VL-SES-${session.id}`,
      kind: 'session',
      driverId: session.driverId,
      operatorId: session.operatorId,
      sessionId: session.id,
      amount: cost,
      currency: tariff.currency,
      state: 'completed',
      gateway: session.driverId !== null && prepaid ? 'balance' : 'builtin',
    })
    .onConflictDoNothing();
}
