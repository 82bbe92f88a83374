import type { DeviceFirmware, DeviceFirmwareFilter, CampaignTargetState } from '@voltline/contract';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargePoints, firmwareCampaignTargets as targets, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern } from '../../lib/like.js';

type Filter = z.output<typeof DeviceFirmwareFilter>;

export interface CandidateCharger {
  id: number;
  chargePointId: string;
  brand: string | null;
  vendor: string | null;
  model: string | null;
  firmwareVersion: string | null;
}

/** The live chargers of `ids` (OCPP identities, any case) in the actor's reach. */
export async function chargersInReach(tx: Tx, actor: Actor, ids: string[]): Promise<CandidateCharger[]> {
  const lower = [...new Set(ids.map((i) => i.toLowerCase()))];
  const found: CandidateCharger[] = [];
  for (let i = 0; i < lower.length; i += 1000) {
    const rows = await tx
      .select({
        id: chargePoints.id,
        chargePointId: chargePoints.chargePointId,
        brand: chargePoints.brand,
        vendor: chargePoints.vendor,
        model: chargePoints.model,
        firmwareVersion: chargePoints.firmwareVersion,
      })
      .from(chargePoints)
      .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
      .where(
        and(
          inArray(sql`lower(${chargePoints.chargePointId})`, lower.slice(i, i + 1000)),
          isNull(chargePoints.archivedAt),
          inScope(actor, operators.path),
        ),
      );
    found.push(...rows);
  }
  return found;
}

/** The newest campaign target of each charger: its last campaign and its state there. */
const lastTarget = sql`lateral (
  select ${targets.campaignId} as campaign_id, ${targets.state} as state from ${targets}
  where ${targets.chargePointId} = ${chargePoints.id} order by ${targets.id} desc limit 1) last_target`;

function where(actor: Actor, f: Filter) {
  const like = f.search ? containsPattern(f.search) : null;
  return and(
    isNull(chargePoints.archivedAt),
    inScope(actor, operators.path),
    f.operatorId ? eq(chargePoints.operatorId, f.operatorId) : undefined,
    f.brand
      ? sql`lower(coalesce(${chargePoints.brand}, ${chargePoints.vendor})) = lower(${f.brand})`
      : undefined,
    f.model ? sql`lower(${chargePoints.model}) = lower(${f.model})` : undefined,
    f.firmwareVersion ? eq(chargePoints.firmwareVersion, f.firmwareVersion) : undefined,
    f.connection ? eq(chargePoints.connected, f.connection === 'Connected') : undefined,
    like ? or(ilike(chargePoints.chargePointId, like), ilike(chargePoints.name, like)) : undefined,
  );
}

/** Every charger in reach with its firmware and last update, by charge point id. */
export async function pageDevices(tx: Tx, actor: Actor, f: Filter, offset: number, limit: number) {
  const [rows, [all]] = await Promise.all([
    tx
      .select({
        chargePointId: chargePoints.chargePointId,
        name: chargePoints.name,
        operatorId: chargePoints.operatorId,
        operatorName: operators.name,
        brand: sql<string | null>`coalesce(${chargePoints.brand}, ${chargePoints.vendor})`,
        model: chargePoints.model,
        firmwareVersion: chargePoints.firmwareVersion,
        connected: chargePoints.connected,
        firmwareStatus: chargePoints.firmwareStatus,
        firmwareStatusAt: chargePoints.firmwareStatusAt,
        lastCampaignId: sql<number | null>`last_target.campaign_id`,
        lastCampaignState: sql<string | null>`last_target.state`,
      })
      .from(chargePoints)
      .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
      .leftJoin(lastTarget, sql`true`)
      .where(where(actor, f))
      .orderBy(asc(chargePoints.chargePointId))
      .limit(limit)
      .offset(offset),
    tx
      .select({ n: count() })
      .from(chargePoints)
      .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
      .where(where(actor, f)),
  ]);
  const items: DeviceFirmware[] = rows.map((r) => ({
    ...r,
    firmwareStatusAt: r.firmwareStatusAt?.toISOString() ?? null,
    lastCampaignState: r.lastCampaignState as CampaignTargetState | null,
  }));
  return { items, total: all?.n ?? 0 };
}
