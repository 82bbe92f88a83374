import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargingSessions } from '../../db/schema/sessions.js';
import type { V201Lookups } from './commands/context.js';

/**
 * A 2.0.1 charger's transactions as the database knows them: each session keeps the charger's own
 * transaction id (charger_transaction_id), always read within the charger, as the ids are the
 * charger's and two chargers may use the same one.
 */
export function dbLookups(db: Tx): V201Lookups {
  return {
    async chargerTransactionId(chargePointDbId, sessionId) {
      const [row] = await db
        .select({ id: chargingSessions.chargerTransactionId })
        .from(chargingSessions)
        .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.chargePointId, chargePointDbId)));
      return row?.id ?? null;
    },
    async sessionIdOf(chargePointDbId, chargerTransactionId) {
      const [row] = await db
        .select({ id: chargingSessions.id })
        .from(chargingSessions)
        .where(
          and(
            eq(chargingSessions.chargePointId, chargePointDbId),
            eq(chargingSessions.chargerTransactionId, chargerTransactionId),
          ),
        );
      return row?.id ?? null;
    },
  };
}
