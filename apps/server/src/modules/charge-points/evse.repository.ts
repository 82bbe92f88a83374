import { and, asc, eq, inArray, like, ne, sql } from 'drizzle-orm';
import type { EvsePlug } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { chargePoints, connectors, evseConnectors, operators } from '../../db/schema/index.js';

/**
 * The plugs of the given charge points' EVSEs, keyed `chargePointDbId:evseId`. Only chargers that
 * report plugs (OCPP 2.0.1) have rows; a key without any means the EVSE is its own single plug.
 */
export async function plugsOf(tx: Tx, chargePointIds: number[]): Promise<Map<string, EvsePlug[]>> {
  const byEvse = new Map<string, EvsePlug[]>();
  if (chargePointIds.length === 0) return byEvse;
  const rows = await tx
    .select()
    .from(evseConnectors)
    .where(inArray(evseConnectors.chargePointId, [...new Set(chargePointIds)]))
    .orderBy(asc(evseConnectors.evseId), asc(evseConnectors.connectorId));
  for (const r of rows) {
    const key = plugKey(r.chargePointId, r.evseId);
    const list = byEvse.get(key) ?? [];
    list.push({ connectorId: r.connectorId, status: r.status, statusAt: r.statusAt.toISOString() });
    byEvse.set(key, list);
  }
  return byEvse;
}

export const plugKey = (chargePointDbId: number, evseId: number) => `${chargePointDbId}:${evseId}`;

/**
 * Whether another connector in the same top-level operator's tree already carries this EVSE id
 * (compared without case, as roaming partners compare them). The tree is the first segment of the
 * operator path (`/1/4/9/` → `/1/`), so two networks may each use their own ids.
 */
export async function evseUidTaken(
  tx: Tx,
  evseUid: string,
  operatorPath: string,
  exceptConnectorId?: number,
) {
  const root = /^\/\d+\//.exec(operatorPath)?.[0] ?? operatorPath;
  const [row] = await tx
    .select({ id: connectors.id })
    .from(connectors)
    .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(
        sql`lower(${connectors.evseUid}) = lower(${evseUid})`,
        like(operators.path, `${root}%`),
        exceptConnectorId === undefined ? undefined : ne(connectors.id, exceptConnectorId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
