import { CAMPAIGN_FAILED_STATES, type CampaignTargetState } from '@voltline/contract';
import { and, asc, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  chargePoints,
  firmwareCampaigns,
  firmwareCampaignTargets as targets,
  firmwares,
} from '../../db/schema/index.js';
import { FINAL, IN_FLIGHT } from './campaigns.repository.js';
import { campaignProgress } from '../events/firmware-events.js';

/** What sending one charger its UpdateFirmware needs: the target, its campaign, image and charger. */
export async function targetToSend(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      targetId: targets.id,
      state: targets.state,
      campaign: firmwareCampaigns,
      storeKey: firmwares.storeKey,
      fileName: firmwares.fileName,
      signingCertificate: firmwares.signingCertificate,
      signature: firmwares.signature,
      cpDbId: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
    })
    .from(targets)
    .innerJoin(firmwareCampaigns, eq(firmwareCampaigns.id, targets.campaignId))
    .innerJoin(firmwares, eq(firmwares.id, firmwareCampaigns.firmwareId))
    .innerJoin(chargePoints, eq(chargePoints.id, targets.chargePointId))
    .where(eq(targets.id, id));
  return row ?? null;
}

/** Takes a charger's turn: queued or waiting becomes sent, once, however many callers race for it. */
export async function claim(
  tx: Tx,
  id: number,
  now: Date,
  deadline: Date,
  requestId: number | null = null,
): Promise<boolean> {
  const rows = await tx
    .update(targets)
    .set({ state: 'sent', sentAt: now, deadline, error: null, requestId, updatedAt: now })
    .where(and(eq(targets.id, id), inArray(targets.state, ['queued', 'waiting'])))
    .returning({ id: targets.id });
  await campaignProgress(
    tx,
    rows.map((r) => r.id),
  );
  return rows.length > 0;
}

/** Sets a target's outcome if it is still in one of `from`. */
export async function settle(
  tx: Tx,
  id: number,
  from: CampaignTargetState[],
  set: Partial<typeof targets.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(targets)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(targets.id, id), inArray(targets.state, from)))
    .returning({ id: targets.id });
  await campaignProgress(
    tx,
    rows.map((r) => r.id),
  );
  return rows.length > 0;
}

/** The command record of a charger's UpdateFirmware, whatever the charger has said since. */
export async function attachRecord(tx: Tx, id: number, recordId: number) {
  await tx.update(targets).set({ commandRecordId: recordId }).where(eq(targets.id, id));
}

/** Chargers of running campaigns whose batch has come and that have not been sent yet. */
export async function dueTargets(tx: Tx, campaignId: number, batch: number, states: CampaignTargetState[]) {
  const rows = await tx
    .select({ id: targets.id })
    .from(targets)
    .where(and(eq(targets.campaignId, campaignId), lte(targets.batch, batch), inArray(targets.state, states)))
    .orderBy(asc(targets.id));
  return rows.map((r) => r.id);
}

/** Waiting chargers of running campaigns that are connected now (optionally one charger). */
export async function waitingConnected(tx: Tx, chargePointDbId?: number) {
  const rows = await tx
    .select({ id: targets.id })
    .from(targets)
    .innerJoin(firmwareCampaigns, eq(firmwareCampaigns.id, targets.campaignId))
    .innerJoin(chargePoints, eq(chargePoints.id, targets.chargePointId))
    .where(
      and(
        eq(targets.state, 'waiting'),
        eq(firmwareCampaigns.state, 'running'),
        eq(chargePoints.connected, true),
        lte(targets.batch, firmwareCampaigns.currentBatch),
        chargePointDbId === undefined ? undefined : eq(targets.chargePointId, chargePointDbId),
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
}

/** Chargers past their window without a final word are timed out; returns their campaigns. */
export async function timeOutOverdue(tx: Tx, now: Date): Promise<number[]> {
  const rows = await tx
    .update(targets)
    .set({ state: 'timedOut', updatedAt: now })
    .where(and(inArray(targets.state, IN_FLIGHT), isNotNull(targets.deadline), lt(targets.deadline, now)))
    .returning({ id: targets.id, campaignId: targets.campaignId });
  await campaignProgress(
    tx,
    rows.map((r) => r.id),
  );
  return [...new Set(rows.map((r) => r.campaignId))];
}

export async function runningCampaigns(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: firmwareCampaigns.id })
    .from(firmwareCampaigns)
    .where(eq(firmwareCampaigns.state, 'running'));
  return rows.map((r) => r.id);
}

/** States that hold back the next batch: every state in flight short of Installed, and queued. */
const BUSY = ['queued', ...IN_FLIGHT.filter((s) => s !== 'Installed')];

/** Where a campaign stands: its batches, and how many chargers are unfinished overall and in its batch. */
export async function progress(tx: Tx, campaignId: number) {
  const [row] = await tx
    .select({
      c: firmwareCampaigns,
      lastBatch: sql<number>`coalesce(max(${targets.batch}), 0)::int`,
      open: sql<number>`count(*) filter (where ${targets.state} not in ${sql.raw(list(FINAL))})::int`,
      // Offline chargers (waiting) do not hold back the next batch: they get theirs on reconnecting.
      busyInBatch: sql<number>`count(*) filter (where ${targets.batch} <= ${firmwareCampaigns.currentBatch}
        and ${targets.state} in ${sql.raw(list(BUSY))})::int`,
      sent: sql<number>`count(*) filter (where ${targets.state} not in ('queued','waiting','cancelled'))::int`,
      failed: sql<number>`count(*) filter (where ${targets.state} in ${sql.raw(list(CAMPAIGN_FAILED_STATES))})::int`,
    })
    .from(firmwareCampaigns)
    .leftJoin(targets, eq(targets.campaignId, firmwareCampaigns.id))
    .where(eq(firmwareCampaigns.id, campaignId))
    .groupBy(firmwareCampaigns.id);
  return row ?? null;
}

/** Opens the next batch if the campaign is still on `batch`; false when another caller did. */
export async function nextBatch(tx: Tx, campaignId: number, batch: number): Promise<boolean> {
  const rows = await tx
    .update(firmwareCampaigns)
    .set({ currentBatch: batch + 1 })
    .where(
      and(
        eq(firmwareCampaigns.id, campaignId),
        eq(firmwareCampaigns.currentBatch, batch),
        eq(firmwareCampaigns.state, 'running'),
      ),
    )
    .returning({ id: firmwareCampaigns.id });
  return rows.length > 0;
}

/**
 * A charger's FirmwareStatusNotification moves its target in flight (the newest); one statement,
 * so two notifications at once cannot both read the old state. Returns the campaign, if any.
 */
export async function moveInFlight(
  tx: Tx,
  chargePointDbId: number,
  from: CampaignTargetState[],
  to: CampaignTargetState,
  /** Only a target sent with no requestId of its own (an UpdateFirmware rather than a signed one). */
  unnamedOnly = false,
): Promise<number | null> {
  const unnamed = unnamedOnly ? sql`and request_id is null` : sql``;
  const rows = await tx.execute<{ id: number; campaign_id: number }>(sql`
    update ${targets} set state = ${to}, updated_at = now()
    where id = (
      select id from ${targets}
      where charge_point_id = ${chargePointDbId} and state in ${sql.raw(list(IN_FLIGHT))} ${unnamed}
      order by id desc limit 1 for update)
      and state in ${sql.raw(list(from))}
    returning id, campaign_id`);
  const moved = rowsOf<{ id: number; campaign_id: number }>(rows);
  await campaignProgress(
    tx,
    moved.map((r) => r.id),
  );
  return moved[0]?.campaign_id ?? null;
}

/**
 * A charger's SignedFirmwareStatusNotification moves the target its requestId names (the
 * SignedUpdateFirmware's), in one statement as moveInFlight does. Returns the campaign, if any.
 */
export async function moveByRequest(
  tx: Tx,
  chargePointDbId: number,
  requestId: number,
  from: CampaignTargetState[],
  to: CampaignTargetState,
): Promise<number | null> {
  const rows = await tx
    .update(targets)
    .set({ state: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(targets.chargePointId, chargePointDbId),
        eq(targets.requestId, requestId),
        inArray(targets.state, from),
      ),
    )
    .returning({ id: targets.id, campaignId: targets.campaignId });
  await campaignProgress(
    tx,
    rows.map((r) => r.id),
  );
  return rows[0]?.campaignId ?? null;
}

/**
 * After a boot: the charger's target that installed (or was installing) is confirmed when the
 * charger now runs the campaign's version, else marked versionMismatch (only once it said Installed).
 */
export async function confirmAfterBoot(tx: Tx, chargePointDbId: number, version: string | null) {
  const rows = await tx.execute<{ id: number; campaign_id: number; state: string }>(sql`
    update ${targets} t set
      version_after = ${version},
      state = case when f.version = ${version} then 'confirmed' else 'versionMismatch' end,
      updated_at = now()
    from ${firmwareCampaigns} c join ${firmwares} f on f.id = c.firmware_id
    where c.id = t.campaign_id and t.id = (
      select id from ${targets}
      where charge_point_id = ${chargePointDbId} and state in ('Installing', 'InstallRebooting', 'Installed')
      order by id desc limit 1 for update)
      and (t.state = 'Installed' or f.version = ${version})
    returning t.id, t.campaign_id, t.state`);
  const row = rowsOf<{ id: number; campaign_id: number; state: string }>(rows)[0];
  if (row) await campaignProgress(tx, [row.id]);
  return row ? { campaign_id: row.campaign_id, state: row.state } : null;
}

const list = (states: readonly string[]) => `(${states.map((s) => `'${s}'`).join(',')})`;
