import { CHARGING_STATUSES, type ChargePointState, type ChargerFault } from '@voltline/contract';
import { sql, type SQL } from 'drizzle-orm';
import { chargePoints, connectors } from '../../db/schema/index.js';

/**
 * A charge point's state summed up (contract CHARGE_POINT_STATES), once from its loaded row and
 * connectors (responses) and once in SQL (the list filter): the two must say the same.
 */
export function summarizeState(
  cp: { connected: boolean; status: string | null },
  conns: { status: string; archivedAt: Date | null }[],
): ChargePointState {
  if (!cp.connected) return 'offline';
  const live = conns.filter((c) => c.archivedAt === null);
  const faulted = live.filter((c) => c.status === 'Faulted').length;
  if (cp.status === 'Faulted' || (live.length > 0 && faulted === live.length)) return 'faulted';
  if (faulted > 0) return 'partlyFaulted';
  if (live.some((c) => (CHARGING_STATUSES as readonly string[]).includes(c.status))) return 'charging';
  return 'available';
}

const liveWhere = (status: SQL) => sql`EXISTS (SELECT 1 FROM ${connectors}
  WHERE ${connectors.chargePointId} = ${chargePoints.id} AND ${connectors.archivedAt} IS NULL AND ${status})`;

const charging = sql.join(
  CHARGING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The charge points (of the list's query) whose summed-up state is `state`. */
export function stateWhere(state: ChargePointState): SQL {
  const faulted = sql`(${chargePoints.status} IS NOT DISTINCT FROM 'Faulted'
    OR (${liveWhere(sql`true`)} AND NOT ${liveWhere(sql`${connectors.status} <> 'Faulted'`)}))`;
  const partly = liveWhere(sql`${connectors.status} = 'Faulted'`);
  const chargingNow = liveWhere(sql`${connectors.status} IN (${charging})`);
  const on = sql`${chargePoints.connected}`;
  switch (state) {
    case 'offline':
      return sql`NOT ${chargePoints.connected}`;
    case 'faulted':
      return sql`(${on} AND ${faulted})`;
    case 'partlyFaulted':
      return sql`(${on} AND NOT ${faulted} AND ${partly})`;
    case 'charging':
      return sql`(${on} AND NOT ${faulted} AND NOT ${partly} AND ${chargingNow})`;
    case 'available':
      return sql`(${on} AND NOT ${faulted} AND NOT ${partly} AND NOT ${chargingNow})`;
  }
}

/** The fault record of a row (a connector's, or a charge point's connector 0), or null. */
export function faultOf(r: {
  errorCode: string | null;
  info: string | null;
  vendorId: string | null;
  vendorErrorCode: string | null;
  faultSince: Date | null;
  statusAt: Date | null;
}): ChargerFault | null {
  // A fault is written with its report's time, so `since` is always there.
  const since = r.faultSince ?? r.statusAt;
  if (!r.errorCode || r.errorCode === 'NoError' || !since) return null;
  return {
    errorCode: r.errorCode,
    info: r.info,
    vendorId: r.vendorId,
    vendorErrorCode: r.vendorErrorCode,
    since: since.toISOString(),
  };
}
