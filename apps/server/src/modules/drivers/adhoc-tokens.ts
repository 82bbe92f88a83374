import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { adhocPayments, operators } from '../../db/schema/index.js';

/** Every ad-hoc payment's token starts so (20 characters: 1.6's idTag, CiString20). */
export const ADHOC_TOKEN_PREFIX = 'VLPAY';
export const isAdhocToken = (idTag: string) => idTag.startsWith(ADHOC_TOKEN_PREFIX) && idTag.length === 20;

/**
 * Whether a token is an ad-hoc payment's that may charge at a charger of the payment's operator:
 * held and not yet settled. Once captured or released, the token is refused like an unknown card.
 */
export async function openAdhocToken(
  tx: Tx,
  token: string,
  chargePointOperatorPath: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: adhocPayments.id })
    .from(adhocPayments)
    .innerJoin(operators, eq(operators.id, adhocPayments.operatorId))
    .where(
      and(
        eq(adhocPayments.token, token),
        inArray(adhocPayments.status, ['authorized', 'starting', 'charging']),
        eq(operators.path, chargePointOperatorPath),
      ),
    )
    .limit(1);
  return row !== undefined;
}
