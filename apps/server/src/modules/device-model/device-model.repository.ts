import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  deviceReportParts,
  deviceReportRequests,
  deviceVariables,
  operators,
  type StoredAttribute,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern } from '../../lib/like.js';

export type VariableRow = typeof deviceVariables.$inferSelect;
export type NewVariableRow = typeof deviceVariables.$inferInsert;
export type ReportPart = typeof deviceReportParts.$inferSelect;

/** A charge point in the actor's reach, by its numeric id, with the protocol it speaks. */
export async function chargerInScope(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({
      id: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
      operatorId: chargePoints.operatorId,
      operatorPath: operators.path,
      ocppProtocol: chargePoints.ocppProtocol,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(and(eq(chargePoints.id, id), inScope(actor, operators.path)))
    .limit(1);
  return row;
}

/** A charger's stored variables, by component then variable; `search` matches either name. */
export function listVariables(tx: Tx, chargePointId: number, search?: string) {
  const match = search
    ? or(
        sql`${deviceVariables.componentName} ILIKE ${containsPattern(search)}`,
        sql`${deviceVariables.variableName} ILIKE ${containsPattern(search)}`,
      )
    : undefined;
  return tx
    .select()
    .from(deviceVariables)
    .where(and(eq(deviceVariables.chargePointId, chargePointId), match))
    .orderBy(
      asc(deviceVariables.componentName),
      asc(deviceVariables.componentInstance),
      asc(deviceVariables.evseId),
      asc(deviceVariables.connectorId),
      asc(deviceVariables.variableName),
      asc(deviceVariables.variableInstance),
    );
}

export interface VariableKey {
  componentName: string;
  componentInstance: string | null;
  evseId: number | null;
  connectorId: number | null;
  variableName: string;
  variableInstance: string | null;
}

/** One variable by its full key; names compare case-insensitively, as OCPP's do. */
function keyMatch(k: VariableKey): SQL | undefined {
  const v = deviceVariables;
  return and(
    sql`lower(${v.componentName}) = lower(${k.componentName})`,
    sql`lower(${v.variableName}) = lower(${k.variableName})`,
    k.componentInstance === null
      ? isNull(v.componentInstance)
      : sql`lower(${v.componentInstance}) = lower(${k.componentInstance})`,
    k.variableInstance === null
      ? isNull(v.variableInstance)
      : sql`lower(${v.variableInstance}) = lower(${k.variableInstance})`,
    k.evseId === null ? isNull(v.evseId) : eq(v.evseId, k.evseId),
    k.connectorId === null ? isNull(v.connectorId) : eq(v.connectorId, k.connectorId),
  );
}

export async function findVariable(tx: Tx, chargePointId: number, key: VariableKey) {
  const [row] = await tx
    .select()
    .from(deviceVariables)
    .where(and(eq(deviceVariables.chargePointId, chargePointId), keyMatch(key)))
    .limit(1);
  return row;
}

export async function setAttributes(tx: Tx, rowId: number, attributes: StoredAttribute[], at: Date) {
  await tx.update(deviceVariables).set({ attributes, reportedAt: at }).where(eq(deviceVariables.id, rowId));
}

/** A full base report: the charger's whole model becomes these rows. */
export async function replaceModel(tx: Tx, chargePointId: number, rows: NewVariableRow[]) {
  await tx.delete(deviceVariables).where(eq(deviceVariables.chargePointId, chargePointId));
  await insertRows(tx, rows);
}

/** A partial report: the variables it names are replaced, the others kept. */
export async function mergeModel(tx: Tx, chargePointId: number, rows: (NewVariableRow & VariableKey)[]) {
  for (const row of rows) {
    await tx
      .delete(deviceVariables)
      .where(and(eq(deviceVariables.chargePointId, chargePointId), keyMatch(row)));
  }
  await insertRows(tx, rows);
}

async function insertRows(tx: Tx, rows: NewVariableRow[]) {
  // In slices: a full inventory can hold thousands of variables, and a statement's parameters are bounded.
  for (let i = 0; i < rows.length; i += 500) await tx.insert(deviceVariables).values(rows.slice(i, i + 500));
}

export async function lastReportedAt(tx: Tx, chargePointId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sql<Date | null>`max(${deviceReportRequests.completedAt})` })
    .from(deviceReportRequests)
    .where(eq(deviceReportRequests.chargePointId, chargePointId));
  return row?.at ? new Date(row.at) : null;
}

/** How long a report is awaited: a charger that sent nothing of it by then has lost it. */
export const REPORT_WAIT_MINUTES = 10;

/** A report asked for in the last minutes, not yet complete. */
export async function hasOpenRequest(tx: Tx, chargePointId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(deviceReportRequests)
    .where(
      and(
        eq(deviceReportRequests.chargePointId, chargePointId),
        isNull(deviceReportRequests.completedAt),
        sql`${deviceReportRequests.requestedAt} > now() - make_interval(mins => ${REPORT_WAIT_MINUTES})`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * The reports a charger was asked for and has not completed, dropped with their parts: after a
 * reboot it sends none of them.
 */
export async function dropOpenRequests(tx: Tx, chargePointId: number): Promise<void> {
  const open = await tx
    .delete(deviceReportRequests)
    .where(
      and(eq(deviceReportRequests.chargePointId, chargePointId), isNull(deviceReportRequests.completedAt)),
    )
    .returning({ requestId: deviceReportRequests.requestId });
  for (const { requestId } of open) await deleteParts(tx, chargePointId, requestId);
}

export async function insertRequest(tx: Tx, chargePointId: number, requestId: number, reportBase: string) {
  await tx.insert(deviceReportRequests).values({ chargePointId, requestId, reportBase });
}

/** A request the charger refused or never got: it will send no report for it. */
export async function dropRequest(tx: Tx, chargePointId: number, requestId: number) {
  await tx
    .delete(deviceReportRequests)
    .where(
      and(
        eq(deviceReportRequests.chargePointId, chargePointId),
        eq(deviceReportRequests.requestId, requestId),
      ),
    );
}

export async function findRequest(tx: Tx, chargePointId: number, requestId: number) {
  const [row] = await tx
    .select()
    .from(deviceReportRequests)
    .where(
      and(
        eq(deviceReportRequests.chargePointId, chargePointId),
        eq(deviceReportRequests.requestId, requestId),
      ),
    );
  return row;
}

export async function completeRequest(tx: Tx, chargePointId: number, requestId: number, at: Date) {
  await tx
    .update(deviceReportRequests)
    .set({ completedAt: at })
    .where(
      and(
        eq(deviceReportRequests.chargePointId, chargePointId),
        eq(deviceReportRequests.requestId, requestId),
      ),
    );
}

/** Keeps a part; a part sent again (same seqNo) is kept once. */
export async function savePart(tx: Tx, part: typeof deviceReportParts.$inferInsert) {
  await tx.insert(deviceReportParts).values(part).onConflictDoNothing();
}

export function partsOf(tx: Tx, chargePointId: number, requestId: number) {
  return tx
    .select()
    .from(deviceReportParts)
    .where(
      and(eq(deviceReportParts.chargePointId, chargePointId), eq(deviceReportParts.requestId, requestId)),
    )
    .orderBy(asc(deviceReportParts.seqNo));
}

export async function deleteParts(tx: Tx, chargePointId: number, requestId: number) {
  await tx
    .delete(deviceReportParts)
    .where(
      and(eq(deviceReportParts.chargePointId, chargePointId), eq(deviceReportParts.requestId, requestId)),
    );
}

/** Serialises the reports of one charger: two parts completing a report at once apply it once. */
export async function lockCharger(tx: Tx, chargePointId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${0x44_4d}, ${chargePointId})`);
}
