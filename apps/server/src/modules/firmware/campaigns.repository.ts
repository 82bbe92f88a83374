import {
  CAMPAIGN_FINAL_STATES,
  type Campaign,
  type CampaignState,
  type CampaignTarget,
  type CampaignTargetState,
} from '@voltline/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  firmwareCampaigns,
  firmwareCampaignTargets as targets,
  firmwares,
  operators,
  users,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type CampaignRow = typeof firmwareCampaigns.$inferSelect;
export type TargetRow = typeof targets.$inferSelect;

/** A charger whose target is in one of these has its UpdateFirmware and is working on it. */
export const IN_FLIGHT: CampaignTargetState[] = [
  'sent',
  'DownloadScheduled',
  'Downloading',
  'DownloadPaused',
  'Downloaded',
  'SignatureVerified',
  'InstallScheduled',
  'Installing',
  'InstallRebooting',
  'Installed',
];
export const FINAL = CAMPAIGN_FINAL_STATES as CampaignTargetState[];
const FINAL_SQL = sql.raw(`(${FINAL.map((s) => `'${s}'`).join(',')})`);

export async function insertCampaign(tx: Tx, values: typeof firmwareCampaigns.$inferInsert) {
  const [row] = await tx.insert(firmwareCampaigns).values(values).returning();
  if (!row) throw new Error('campaign not stored');
  return row;
}

export async function insertTargets(tx: Tx, rows: (typeof targets.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(targets).values(rows.slice(i, i + 1000));
}

/** Chargers (database ids) already in a campaign they have not finished. */
export async function busyChargePoints(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: targets.chargePointId })
    .from(targets)
    .where(and(inArray(targets.chargePointId, ids), sql`${targets.state} not in ${FINAL_SQL}`));
  return rows.map((r) => r.id);
}

/** How many chargers of each campaign are in each state. */
export async function countsOf(tx: Tx, ids: number[]): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>(ids.map((id) => [id, {}]));
  if (ids.length === 0) return out;
  const rows = await tx
    .select({ id: targets.campaignId, state: targets.state, n: count() })
    .from(targets)
    .where(inArray(targets.campaignId, ids))
    .groupBy(targets.campaignId, targets.state);
  for (const r of rows) out.get(r.id)![r.state] = r.n;
  return out;
}

const campaignColumns = {
  c: firmwareCampaigns,
  fileName: firmwares.fileName,
  version: firmwares.version,
  userName: users.name,
  userSurname: users.surname,
};
type CampaignJoined = {
  c: CampaignRow;
  fileName: string;
  version: string;
  userName: string | null;
  userSurname: string | null;
};

function campaignsJoined(tx: Tx) {
  return tx
    .select(campaignColumns)
    .from(firmwareCampaigns)
    .innerJoin(firmwares, eq(firmwares.id, firmwareCampaigns.firmwareId))
    .innerJoin(operators, eq(operators.id, firmwareCampaigns.operatorId))
    .leftJoin(users, eq(users.id, firmwareCampaigns.createdBy));
}

export function toCampaign(r: CampaignJoined, counts: Record<string, number>): Campaign {
  const c = r.c;
  return {
    id: c.id,
    name: c.name,
    firmwareId: c.firmwareId,
    firmwareFileName: r.fileName,
    firmwareVersion: r.version,
    state: c.state as CampaignState,
    pauseReason: c.pauseReason,
    transport: c.transport as Campaign['transport'],
    retrieveDate: c.retrieveDate?.toISOString() ?? null,
    retries: c.retries,
    retryInterval: c.retryInterval,
    batchSize: c.batchSize,
    failureThresholdPercent: c.failureThresholdPercent,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
    createdBy: r.userName === null ? null : `${r.userName} ${r.userSurname ?? ''}`.trim(),
    createdAt: c.createdAt.toISOString(),
    finishedAt: c.finishedAt?.toISOString() ?? null,
  };
}

export async function pageCampaigns(tx: Tx, actor: Actor, offset: number, limit: number) {
  const where = inScope(actor, operators.path);
  const [rows, [all]] = await Promise.all([
    campaignsJoined(tx)
      .where(where)
      .orderBy(desc(firmwareCampaigns.createdAt), desc(firmwareCampaigns.id))
      .limit(limit)
      .offset(offset),
    tx
      .select({ n: count() })
      .from(firmwareCampaigns)
      .innerJoin(operators, eq(operators.id, firmwareCampaigns.operatorId))
      .where(where),
  ]);
  const counts = await countsOf(
    tx,
    rows.map((r) => r.c.id),
  );
  return { items: rows.map((r) => toCampaign(r, counts.get(r.c.id) ?? {})), total: all?.n ?? 0 };
}

/** One campaign in the actor's reach (any, with no actor). */
export async function findCampaign(tx: Tx, actor: Actor | null, id: number) {
  const [row] = await campaignsJoined(tx)
    .where(and(eq(firmwareCampaigns.id, id), actor ? inScope(actor, operators.path) : undefined))
    .limit(1);
  if (!row) return null;
  const counts = await countsOf(tx, [id]);
  return { row: row.c, campaign: toCampaign(row, counts.get(id) ?? {}) };
}

/** A campaign's chargers the actor can reach, in batch order. */
export async function targetsOf(tx: Tx, actor: Actor, campaignId: number): Promise<CampaignTarget[]> {
  const rows = await tx
    .select({
      t: targets,
      cpId: chargePoints.chargePointId,
      name: chargePoints.name,
      connected: chargePoints.connected,
    })
    .from(targets)
    .innerJoin(chargePoints, eq(chargePoints.id, targets.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(and(eq(targets.campaignId, campaignId), inScope(actor, operators.path)))
    .orderBy(targets.batch, chargePoints.chargePointId);
  return rows.map(({ t, cpId, name, connected }) => ({
    chargePointId: cpId,
    name,
    batch: t.batch,
    state: t.state as CampaignTargetState,
    versionBefore: t.versionBefore,
    versionAfter: t.versionAfter,
    error: t.error,
    sentAt: t.sentAt?.toISOString() ?? null,
    updatedAt: t.updatedAt.toISOString(),
    connected,
  }));
}

/** Moves a campaign from one of `from` to a new state; null when it was in none of them (someone else moved it). */
export async function moveCampaign(
  tx: Tx,
  id: number,
  from: CampaignState[],
  set: Partial<typeof firmwareCampaigns.$inferInsert>,
) {
  const [row] = await tx
    .update(firmwareCampaigns)
    .set(set)
    .where(and(eq(firmwareCampaigns.id, id), inArray(firmwareCampaigns.state, from)))
    .returning();
  return row ?? null;
}

/** Chargers whose turn has not come (or came while offline) leave the campaign. */
export async function cancelUnsent(tx: Tx, campaignId: number) {
  await tx
    .update(targets)
    .set({ state: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(targets.campaignId, campaignId), inArray(targets.state, ['queued', 'waiting'])));
}

/** Chargers sent so far and failed so far, for the pause threshold and a resume's baseline. */
export async function sentAndFailed(tx: Tx, campaignId: number) {
  const [row] = await tx
    .select({
      sent: sql<number>`count(*) filter (where ${targets.state} not in ('queued','waiting','cancelled'))::int`,
      failed: sql<number>`count(*) filter (where ${targets.state} in ('DownloadFailed','InstallationFailed','versionMismatch','commandFailed','timedOut'))::int`,
    })
    .from(targets)
    .where(eq(targets.campaignId, campaignId));
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
}

export const liveCampaign = and(isNull(firmwareCampaigns.finishedAt), eq(firmwareCampaigns.state, 'running'));
