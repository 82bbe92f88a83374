import { and, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chargingProfileReports,
  chargingSessions,
  evChargingNeeds,
  externalChargingLimits,
  reportedChargingProfiles,
} from '../../db/schema/index.js';

export type LimitRow = typeof externalChargingLimits.$inferSelect;
export type NeedsRow = typeof evChargingNeeds.$inferSelect;

export { chargerInScope } from '../device-model/device-model.repository.js';

export async function insertReport(tx: Tx, chargePointId: number, requestId: number, criteria: unknown) {
  await tx.insert(chargingProfileReports).values({ chargePointId, requestId, criteria });
}

export async function answerReport(tx: Tx, chargePointId: number, requestId: number, status: string) {
  await tx
    .update(chargingProfileReports)
    .set({ status })
    .where(
      and(
        eq(chargingProfileReports.chargePointId, chargePointId),
        eq(chargingProfileReports.requestId, requestId),
      ),
    );
}

export async function dropReport(tx: Tx, chargePointId: number, requestId: number) {
  await tx
    .delete(chargingProfileReports)
    .where(
      and(
        eq(chargingProfileReports.chargePointId, chargePointId),
        eq(chargingProfileReports.requestId, requestId),
      ),
    );
}

/** Keeps one part's profiles under its request. */
export async function addProfiles(
  tx: Tx,
  chargePointId: number,
  requestId: number,
  rows: { evseId: number; source: string; profile: unknown }[],
) {
  if (rows.length === 0) return;
  await tx.insert(reportedChargingProfiles).values(rows.map((r) => ({ ...r, chargePointId, requestId })));
}

/**
 * The report is whole: its profiles replace every earlier report's, and it is marked complete (a
 * report the charger sent unasked is recorded as answered).
 */
export async function completeReport(tx: Tx, chargePointId: number, requestId: number, at: Date) {
  await tx
    .delete(reportedChargingProfiles)
    .where(
      and(
        eq(reportedChargingProfiles.chargePointId, chargePointId),
        ne(reportedChargingProfiles.requestId, requestId),
      ),
    );
  await tx
    .insert(chargingProfileReports)
    .values({ chargePointId, requestId, status: 'Accepted', completedAt: at })
    .onConflictDoUpdate({
      target: [chargingProfileReports.chargePointId, chargingProfileReports.requestId],
      set: { completedAt: at },
    });
}

export async function lastCompleteReport(tx: Tx, chargePointId: number) {
  const [row] = await tx
    .select()
    .from(chargingProfileReports)
    .where(
      and(
        eq(chargingProfileReports.chargePointId, chargePointId),
        isNotNull(chargingProfileReports.completedAt),
      ),
    )
    .orderBy(desc(chargingProfileReports.completedAt), desc(chargingProfileReports.id))
    .limit(1);
  return row;
}

export async function awaitingReport(tx: Tx, chargePointId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: chargingProfileReports.id })
    .from(chargingProfileReports)
    .where(
      and(
        eq(chargingProfileReports.chargePointId, chargePointId),
        eq(chargingProfileReports.status, 'Accepted'),
        isNull(chargingProfileReports.completedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function profilesOf(tx: Tx, chargePointId: number, requestId: number) {
  return tx
    .select()
    .from(reportedChargingProfiles)
    .where(
      and(
        eq(reportedChargingProfiles.chargePointId, chargePointId),
        eq(reportedChargingProfiles.requestId, requestId),
      ),
    )
    .orderBy(reportedChargingProfiles.evseId, reportedChargingProfiles.id);
}

export async function upsertLimit(tx: Tx, row: typeof externalChargingLimits.$inferInsert) {
  const { chargePointId: _c, evseId: _e, source: _s, ...set } = row;
  await tx
    .insert(externalChargingLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [
        externalChargingLimits.chargePointId,
        externalChargingLimits.evseId,
        externalChargingLimits.source,
      ],
      set,
    });
}

/** K13: the source's limit on the EVSE (or on the whole charger) is gone. */
export async function clearLimit(tx: Tx, chargePointId: number, evseId: number, source: string) {
  await tx
    .delete(externalChargingLimits)
    .where(
      and(
        eq(externalChargingLimits.chargePointId, chargePointId),
        eq(externalChargingLimits.evseId, evseId),
        eq(externalChargingLimits.source, source),
      ),
    );
}

export function limitsOf(tx: Tx, chargePointIds: number[]): Promise<LimitRow[]> {
  if (chargePointIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(externalChargingLimits)
    .where(inArray(externalChargingLimits.chargePointId, chargePointIds))
    .orderBy(externalChargingLimits.evseId, externalChargingLimits.source);
}

export async function upsertNeeds(tx: Tx, row: typeof evChargingNeeds.$inferInsert) {
  const { chargePointId: _c, evseId: _e, ...set } = row;
  await tx
    .insert(evChargingNeeds)
    .values(row)
    .onConflictDoUpdate({
      target: [evChargingNeeds.chargePointId, evChargingNeeds.evseId],
      set: { ...set, schedule: null, scheduleAt: null },
    });
}

/** K17: the car's schedule; false when no needs of that EVSE are known to hang it on. */
export async function setSchedule(
  tx: Tx,
  chargePointId: number,
  evseId: number,
  schedule: unknown,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(evChargingNeeds)
    .set({ schedule, scheduleAt: at })
    .where(and(eq(evChargingNeeds.chargePointId, chargePointId), eq(evChargingNeeds.evseId, evseId)))
    .returning({ id: evChargingNeeds.id });
  return rows.length > 0;
}

export function needsOf(tx: Tx, chargePointIds: number[]): Promise<NeedsRow[]> {
  if (chargePointIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(evChargingNeeds)
    .where(inArray(evChargingNeeds.chargePointId, chargePointIds))
    .orderBy(evChargingNeeds.evseId);
}

/** The running session on a connector, if any. */
export async function activeSession(tx: Tx, chargePointId: number, connectorId: number) {
  const [row] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        eq(chargingSessions.connectorId, connectorId),
        eq(chargingSessions.state, 'active'),
        isNull(chargingSessions.stoppedAt),
      ),
    )
    .orderBy(desc(chargingSessions.startedAt))
    .limit(1);
  return row?.id ?? null;
}
