import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  chargePoints,
  chargingProfiles,
  chargingSessions,
  connectors,
  operators,
  smartChargingAllocations as allocations,
  smartChargingGroups as groups,
  smartChargingMembers as members,
  smartChargingSamples as samples,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern } from '../../lib/like.js';

export type GroupRow = typeof groups.$inferSelect;
export type AllocationRow = typeof allocations.$inferSelect;
type Q = Tx | Db;

const joined = (tx: Q) =>
  tx
    .select({ g: groups, operatorName: operators.name, operatorPath: operators.path })
    .from(groups)
    .innerJoin(operators, eq(operators.id, groups.operatorId));

export async function pageGroups(
  tx: Q,
  actor: Actor,
  f: { operatorId?: number | undefined; search?: string | undefined },
  offset: number,
  limit: number,
) {
  const like = f.search ? containsPattern(f.search) : null;
  const where = and(
    inScope(actor, operators.path),
    f.operatorId ? eq(groups.operatorId, f.operatorId) : undefined,
    like ? ilike(groups.name, like) : undefined,
  );
  const [rows, [all]] = await Promise.all([
    joined(tx).where(where).orderBy(asc(groups.name), asc(groups.id)).offset(offset).limit(limit),
    tx
      .select({ n: count() })
      .from(groups)
      .innerJoin(operators, eq(operators.id, groups.operatorId))
      .where(where),
  ]);
  return { rows, total: all?.n ?? 0 };
}

export async function findGroup(tx: Q, actor: Actor | null, id: number) {
  const [row] = await joined(tx)
    .where(and(eq(groups.id, id), actor ? inScope(actor, operators.path) : undefined))
    .limit(1);
  return row ?? null;
}

/** Members (OCPP ids) and running sessions of each group. */
export async function membersOf(tx: Q, ids: number[]) {
  const out = new Map<number, { chargePointIds: string[]; activeSessions: number }>(
    ids.map((id) => [id, { chargePointIds: [], activeSessions: 0 }]),
  );
  if (ids.length === 0) return out;
  const rows = await tx
    .select({
      groupId: members.groupId,
      chargePointId: chargePoints.chargePointId,
      active: sql<number>`(select count(*)::int from ${chargingSessions} s
        where s.charge_point_id = ${chargePoints.id} and s.state = 'active' and s.stopped_at is null)`,
    })
    .from(members)
    .innerJoin(chargePoints, eq(chargePoints.id, members.chargePointId))
    .where(inArray(members.groupId, ids))
    .orderBy(asc(chargePoints.chargePointId));
  for (const r of rows) {
    const m = out.get(r.groupId)!;
    m.chargePointIds.push(r.chargePointId);
    m.activeSessions += Number(r.active);
  }
  return out;
}

/** The operator's materialised path, if the operator is in the actor's reach. */
export async function operatorPathInReach(tx: Q, actor: Actor, operatorId: number): Promise<string | null> {
  const [row] = await tx
    .select({ path: operators.path })
    .from(operators)
    .where(and(eq(operators.id, operatorId), isNull(operators.archivedAt), inScope(actor, operators.path)))
    .limit(1);
  return row?.path ?? null;
}

/** The live chargers among `ids` (any case) in the actor's reach, with their operator's path. */
export async function chargersInReach(tx: Q, actor: Actor, ids: string[]) {
  const lower = [...new Set(ids.map((i) => i.toLowerCase()))];
  if (lower.length === 0) return [];
  return tx
    .select({ id: chargePoints.id, chargePointId: chargePoints.chargePointId, path: operators.path })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(
        inArray(sql`lower(${chargePoints.chargePointId})`, lower),
        isNull(chargePoints.archivedAt),
        inScope(actor, operators.path),
      ),
    );
}

/** Of these chargers, the ones already in a group other than `groupId`, with that group's name. */
export async function inOtherGroups(tx: Q, cpIds: number[], groupId: number | null) {
  if (cpIds.length === 0) return [];
  return tx
    .select({ chargePointId: chargePoints.chargePointId, groupName: groups.name })
    .from(members)
    .innerJoin(groups, eq(groups.id, members.groupId))
    .innerJoin(chargePoints, eq(chargePoints.id, members.chargePointId))
    .where(
      and(
        inArray(members.chargePointId, cpIds),
        groupId === null ? undefined : sql`${members.groupId} <> ${groupId}`,
      ),
    );
}

/** Members whose operator is outside `path` (after the group moved to another operator). */
export async function membersOutside(tx: Q, groupId: number, path: string) {
  const rows = await tx
    .select({ chargePointId: chargePoints.chargePointId })
    .from(members)
    .innerJoin(chargePoints, eq(chargePoints.id, members.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(and(eq(members.groupId, groupId), sql`${operators.path} not like ${`${path}%`}`));
  return rows.map((r) => r.chargePointId);
}

export async function insertGroup(tx: Tx, values: typeof groups.$inferInsert) {
  const [row] = await tx.insert(groups).values(values).returning();
  if (!row) throw new Error('group not stored');
  return row;
}

export async function updateGroup(tx: Tx, id: number, values: Partial<typeof groups.$inferInsert>) {
  await tx
    .update(groups)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(groups.id, id));
}

export async function deleteGroup(tx: Tx, id: number) {
  await tx.delete(allocations).where(eq(allocations.groupId, id));
  await tx.delete(samples).where(eq(samples.groupId, id));
  await tx.delete(members).where(eq(members.groupId, id));
  await tx.delete(groups).where(eq(groups.id, id));
}

export async function addMembers(tx: Tx, groupId: number, cpIds: number[]) {
  if (cpIds.length === 0) return;
  await tx
    .insert(members)
    .values(cpIds.map((chargePointId) => ({ groupId, chargePointId })))
    .onConflictDoNothing();
}

/** Removes the members; returns the ones that were in the group. */
export async function removeMembers(tx: Tx, groupId: number, cpIds: number[]): Promise<number[]> {
  if (cpIds.length === 0) return [];
  const gone = await tx
    .delete(members)
    .where(and(eq(members.groupId, groupId), inArray(members.chargePointId, cpIds)))
    .returning({ id: members.chargePointId });
  await tx
    .delete(allocations)
    .where(and(eq(allocations.groupId, groupId), inArray(allocations.chargePointId, cpIds)));
  return gone.map((g) => g.id);
}

export async function memberIds(tx: Q, groupId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: members.chargePointId })
    .from(members)
    .where(eq(members.groupId, groupId));
  return rows.map((r) => r.id);
}

export async function groupOfChargePoint(tx: Q, cpId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: members.groupId })
    .from(members)
    .where(eq(members.chargePointId, cpId))
    .limit(1);
  return row?.id ?? null;
}

/** Groups that have at least one member: the tick balances these. */
export async function groupsWithMembers(tx: Q): Promise<number[]> {
  const rows = await tx.selectDistinct({ id: members.groupId }).from(members);
  return rows.map((r) => r.id);
}

export interface MemberCharger {
  id: number;
  chargePointId: string;
  name: string | null;
  connected: boolean;
  maxPower: number | null;
  powerUnit: string;
}

/** Everything the balancer and the detail screen need about a group's connectors now. */
export async function groupState(tx: Q, groupId: number) {
  const chargers: MemberCharger[] = await tx
    .select({
      id: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
      name: chargePoints.name,
      connected: chargePoints.connected,
      maxPower: chargePoints.maxPower,
      powerUnit: chargePoints.powerUnit,
    })
    .from(members)
    .innerJoin(chargePoints, eq(chargePoints.id, members.chargePointId))
    .where(eq(members.groupId, groupId))
    .orderBy(asc(chargePoints.chargePointId));
  const ids = chargers.map((c) => c.id);
  if (ids.length === 0) return { chargers, connectors: [], sessions: [], allocations: [] };
  const [conns, sessions, allocs] = await Promise.all([
    tx
      .select({
        chargePointId: connectors.chargePointId,
        connectorId: connectors.connectorId,
        maximumPower: connectors.maximumPower,
        status: connectors.status,
      })
      .from(connectors)
      .where(and(inArray(connectors.chargePointId, ids), isNull(connectors.archivedAt)))
      .orderBy(asc(connectors.chargePointId), asc(connectors.connectorId)),
    tx
      .select({
        id: chargingSessions.id,
        chargePointId: chargingSessions.chargePointId,
        connectorId: chargingSessions.connectorId,
        startedAt: chargingSessions.startedAt,
        lastPowerW: chargingSessions.lastPowerW,
      })
      .from(chargingSessions)
      .where(
        and(
          inArray(chargingSessions.chargePointId, ids),
          eq(chargingSessions.state, 'active'),
          isNull(chargingSessions.stoppedAt),
        ),
      )
      .orderBy(desc(chargingSessions.id)),
    tx.select().from(allocations).where(eq(allocations.groupId, groupId)),
  ]);
  return { chargers, connectors: conns, sessions, allocations: allocs };
}

export async function upsertAllocation(
  tx: Q,
  values: typeof allocations.$inferInsert & { chargePointId: number; connectorId: number },
) {
  await tx
    .insert(allocations)
    .values(values)
    .onConflictDoUpdate({ target: [allocations.chargePointId, allocations.connectorId], set: values });
}

export async function markBalanced(tx: Q, groupId: number, at: Date) {
  await tx.update(groups).set({ balancedAt: at }).where(eq(groups.id, groupId));
}

export async function lastSampleAt(tx: Q, groupId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: samples.at })
    .from(samples)
    .where(eq(samples.groupId, groupId))
    .orderBy(desc(samples.at))
    .limit(1);
  return row?.at ?? null;
}

export async function insertSample(tx: Q, values: typeof samples.$inferInsert) {
  await tx.insert(samples).values(values);
}

export async function pruneSamples(tx: Q, before: Date) {
  await tx.delete(samples).where(lt(samples.at, before));
}

export async function samplesBetween(tx: Q, groupId: number, from: Date, to: Date) {
  return tx
    .select({
      at: samples.at,
      limitW: samples.limitW,
      allocatedW: samples.allocatedW,
      measuredW: samples.measuredW,
    })
    .from(samples)
    .where(and(eq(samples.groupId, groupId), gte(samples.at, from), lte(samples.at, to)))
    .orderBy(asc(samples.at))
    .limit(5000);
}

/** A profile the charger accepted, kept with the others so the charger's profile list shows it. */
export async function rememberProfile(
  tx: Q,
  v: {
    chargePointId: number;
    connectorId: number;
    profile: Record<string, unknown> & {
      chargingProfileId: number;
      stackLevel: number;
      chargingProfilePurpose: string;
      chargingProfileKind: string;
      chargingSchedule: { chargingRateUnit: string };
    };
  },
) {
  const values = {
    chargePointId: v.chargePointId,
    connectorId: v.connectorId,
    profileId: v.profile.chargingProfileId,
    stackLevel: v.profile.stackLevel,
    purpose: v.profile.chargingProfilePurpose,
    kind: v.profile.chargingProfileKind,
    chargingRateUnit: v.profile.chargingSchedule.chargingRateUnit,
    profile: v.profile,
    setBy: null,
  };
  await tx
    .insert(chargingProfiles)
    .values(values)
    .onConflictDoUpdate({
      target: [chargingProfiles.chargePointId, chargingProfiles.profileId],
      set: values,
    });
}

/** The charger cleared the balancer's profiles of one purpose at its stack level. */
export async function forgetProfiles(tx: Q, chargePointId: number, purpose: string, stackLevel: number) {
  await tx
    .delete(chargingProfiles)
    .where(
      and(
        eq(chargingProfiles.chargePointId, chargePointId),
        eq(chargingProfiles.purpose, purpose),
        eq(chargingProfiles.stackLevel, stackLevel),
      ),
    );
}
