import { and, asc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  monitorReportParts,
  monitorReportRequests,
  monitoringSettings,
  variableMonitors,
} from '../../db/schema/index.js';

export type MonitorRow = typeof variableMonitors.$inferSelect;
export type NewMonitorRow = typeof variableMonitors.$inferInsert;

export { chargerInScope } from '../device-model/device-model.repository.js';

export function listMonitors(tx: Tx, chargePointId: number) {
  return tx
    .select()
    .from(variableMonitors)
    .where(eq(variableMonitors.chargePointId, chargePointId))
    .orderBy(
      asc(variableMonitors.componentName),
      asc(variableMonitors.evseId),
      asc(variableMonitors.variableName),
      asc(variableMonitors.monitorId),
    );
}

export function monitorsByIds(tx: Tx, chargePointId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as MonitorRow[]);
  return tx
    .select()
    .from(variableMonitors)
    .where(and(eq(variableMonitors.chargePointId, chargePointId), inArray(variableMonitors.monitorId, ids)));
}

/** One monitor by the charger's id: a new one, or the one it replaces (N04 with an id). */
export async function upsertMonitor(tx: Tx, row: NewMonitorRow) {
  const { chargePointId: _cp, monitorId: _id, ...rest } = row;
  await tx
    .insert(variableMonitors)
    .values(row)
    .onConflictDoUpdate({ target: [variableMonitors.chargePointId, variableMonitors.monitorId], set: rest });
}

export async function deleteMonitor(tx: Tx, chargePointId: number, monitorId: number) {
  await tx
    .delete(variableMonitors)
    .where(and(eq(variableMonitors.chargePointId, chargePointId), eq(variableMonitors.monitorId, monitorId)));
}

/** The charger dropped its custom monitors (N03 FactoryDefault, HardWiredOnly). */
export async function deleteCustom(tx: Tx, chargePointId: number) {
  await tx
    .delete(variableMonitors)
    .where(and(eq(variableMonitors.chargePointId, chargePointId), eq(variableMonitors.origin, 'custom')));
}

export async function replaceMonitors(tx: Tx, chargePointId: number, rows: NewMonitorRow[]) {
  await tx.delete(variableMonitors).where(eq(variableMonitors.chargePointId, chargePointId));
  if (rows.length > 0) await tx.insert(variableMonitors).values(rows);
}

export async function insertRequest(tx: Tx, chargePointId: number, requestId: number, whole: boolean) {
  await tx.insert(monitorReportRequests).values({ chargePointId, requestId, whole });
}

export async function dropRequest(tx: Tx, chargePointId: number, requestId: number) {
  await tx
    .delete(monitorReportRequests)
    .where(
      and(
        eq(monitorReportRequests.chargePointId, chargePointId),
        eq(monitorReportRequests.requestId, requestId),
      ),
    );
}

export async function findRequest(tx: Tx, chargePointId: number, requestId: number) {
  const [row] = await tx
    .select()
    .from(monitorReportRequests)
    .where(
      and(
        eq(monitorReportRequests.chargePointId, chargePointId),
        eq(monitorReportRequests.requestId, requestId),
      ),
    );
  return row;
}

export async function completeRequest(tx: Tx, chargePointId: number, requestId: number, at: Date) {
  await tx
    .update(monitorReportRequests)
    .set({ completedAt: at })
    .where(
      and(
        eq(monitorReportRequests.chargePointId, chargePointId),
        eq(monitorReportRequests.requestId, requestId),
      ),
    );
}

/** When the last whole report was applied. */
export async function lastReportedAt(tx: Tx, chargePointId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(monitorReportRequests.completedAt) })
    .from(monitorReportRequests)
    .where(
      and(
        eq(monitorReportRequests.chargePointId, chargePointId),
        eq(monitorReportRequests.whole, true),
        isNotNull(monitorReportRequests.completedAt),
      ),
    );
  return row?.at ?? null;
}

/** A report asked for in the last hour whose parts have not all arrived. */
export async function hasOpenRequest(tx: Tx, chargePointId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(monitorReportRequests)
    .where(
      and(
        eq(monitorReportRequests.chargePointId, chargePointId),
        isNull(monitorReportRequests.completedAt),
        sql`${monitorReportRequests.requestedAt} > now() - interval '1 hour'`,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function savePart(tx: Tx, part: typeof monitorReportParts.$inferInsert) {
  await tx.insert(monitorReportParts).values(part).onConflictDoNothing();
}

export function partsOf(tx: Tx, chargePointId: number, requestId: number) {
  return tx
    .select()
    .from(monitorReportParts)
    .where(
      and(eq(monitorReportParts.chargePointId, chargePointId), eq(monitorReportParts.requestId, requestId)),
    )
    .orderBy(asc(monitorReportParts.seqNo));
}

export async function deleteParts(tx: Tx, chargePointId: number, requestId: number) {
  await tx
    .delete(monitorReportParts)
    .where(
      and(eq(monitorReportParts.chargePointId, chargePointId), eq(monitorReportParts.requestId, requestId)),
    );
}

export async function settingsOf(tx: Tx, chargePointId: number) {
  const [row] = await tx
    .select()
    .from(monitoringSettings)
    .where(eq(monitoringSettings.chargePointId, chargePointId));
  return row;
}

export async function saveSettings(tx: Tx, chargePointId: number, change: { base?: string; level?: number }) {
  const set = { ...change, updatedAt: new Date() };
  await tx
    .insert(monitoringSettings)
    .values({ chargePointId, ...set })
    .onConflictDoUpdate({ target: monitoringSettings.chargePointId, set });
}
