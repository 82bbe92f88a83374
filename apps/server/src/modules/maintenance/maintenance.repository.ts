import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { MaintenanceLogFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargePoints, maintenanceLogs, operators, users } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern } from '../../lib/like.js';

type Filter = z.output<typeof MaintenanceLogFilter>;
export type MaintenanceInsert = typeof maintenanceLogs.$inferInsert;

const COLUMNS = {
  id: maintenanceLogs.id,
  chargePointId: chargePoints.chargePointId,
  chargePointDbId: chargePoints.id,
  chargePointName: chargePoints.name,
  operatorId: maintenanceLogs.operatorId,
  operatorName: operators.name,
  operatorPath: operators.path,
  connectorId: maintenanceLogs.connectorId,
  source: maintenanceLogs.source,
  type: maintenanceLogs.type,
  description: maintenanceLogs.description,
  details: maintenanceLogs.details,
  technician: maintenanceLogs.technician,
  startedAt: maintenanceLogs.startedAt,
  endedAt: maintenanceLogs.endedAt,
  createdBy: maintenanceLogs.createdBy,
  createdByName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  createdAt: maintenanceLogs.createdAt,
};

/**
 * Which entries: those whose operator (the charge point's when the entry was made) is in the
 * actor's reach, narrowed by the filter; `chargePointDbId` is one charger's history.
 */
function where(actor: Actor, f: Filter, chargePointDbId?: number): SQL | undefined {
  const pattern = f.search ? containsPattern(f.search) : undefined;
  return and(
    inScope(actor, operators.path),
    chargePointDbId !== undefined ? eq(maintenanceLogs.chargePointId, chargePointDbId) : undefined,
    f.chargePointId ? sql`lower(${chargePoints.chargePointId}) = lower(${f.chargePointId})` : undefined,
    f.operatorId ? eq(maintenanceLogs.operatorId, f.operatorId) : undefined,
    f.source ? eq(maintenanceLogs.source, f.source) : undefined,
    f.type ? eq(maintenanceLogs.type, f.type) : undefined,
    f.from ? gte(maintenanceLogs.startedAt, new Date(f.from)) : undefined,
    f.to ? lte(maintenanceLogs.startedAt, new Date(f.to)) : undefined,
    pattern
      ? or(
          ilike(maintenanceLogs.description, pattern),
          ilike(maintenanceLogs.technician, pattern),
          ilike(chargePoints.chargePointId, pattern),
          ilike(chargePoints.name, pattern),
          ilike(sql`${maintenanceLogs.details}->>'errorCode'`, pattern),
        )
      : undefined,
  );
}

const base = (tx: Tx) =>
  tx
    .select(COLUMNS)
    .from(maintenanceLogs)
    .innerJoin(chargePoints, eq(chargePoints.id, maintenanceLogs.chargePointId))
    .innerJoin(operators, eq(operators.id, maintenanceLogs.operatorId))
    .leftJoin(users, eq(users.id, maintenanceLogs.createdBy));

export type MaintenanceRow = Awaited<ReturnType<typeof listMaintenance>>[number];

/** Entries newest first (by when they happened), a page at a time. */
export function listMaintenance(
  tx: Tx,
  actor: Actor,
  f: Filter,
  offset: number,
  limit: number,
  chargePointDbId?: number,
) {
  return base(tx)
    .where(where(actor, f, chargePointDbId))
    .orderBy(desc(maintenanceLogs.startedAt), desc(maintenanceLogs.id))
    .limit(limit)
    .offset(offset);
}

export async function countMaintenance(tx: Tx, actor: Actor, f: Filter, chargePointDbId?: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(maintenanceLogs)
    .innerJoin(chargePoints, eq(chargePoints.id, maintenanceLogs.chargePointId))
    .innerJoin(operators, eq(operators.id, maintenanceLogs.operatorId))
    .where(where(actor, f, chargePointDbId));
  return row?.n ?? 0;
}

/** One entry in the actor's reach. */
export async function findMaintenance(tx: Tx, actor: Actor, id: number) {
  const [row] = await base(tx)
    .where(and(eq(maintenanceLogs.id, id), inScope(actor, operators.path)))
    .limit(1);
  return row;
}

export async function insertMaintenance(tx: Tx, entry: MaintenanceInsert) {
  const [row] = await tx.insert(maintenanceLogs).values(entry).returning({ id: maintenanceLogs.id });
  return row!.id;
}

export function updateMaintenance(tx: Tx, id: number, change: Partial<MaintenanceInsert>) {
  return tx.update(maintenanceLogs).set(change).where(eq(maintenanceLogs.id, id));
}

export function deleteMaintenance(tx: Tx, id: number) {
  return tx.delete(maintenanceLogs).where(eq(maintenanceLogs.id, id));
}
