import type { Firmware } from '@voltline/contract';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { firmwareCampaigns, firmwares, operators, users } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { FIRMWARE_API } from '@voltline/contract';
import { subjectOf } from './signing.js';

export type FirmwareRow = typeof firmwares.$inferSelect;

/** Campaigns that still send their image: it may not be deleted under them. */
export const OPEN_CAMPAIGN_STATES = ['running', 'paused'];

const openCampaignOf = sql<number | null>`(
  select min(${firmwareCampaigns.id}) from ${firmwareCampaigns}
  where ${firmwareCampaigns.firmwareId} = ${firmwares.id}
    and ${firmwareCampaigns.state} in ('running', 'paused'))`;

const columns = {
  f: firmwares,
  operatorName: operators.name,
  operatorPath: operators.path,
  userName: users.name,
  userSurname: users.surname,
  openCampaign: openCampaignOf,
};

type Joined = {
  f: FirmwareRow;
  operatorName: string;
  userName: string | null;
  userSurname: string | null;
  openCampaign: number | null;
};

export function toFirmware(r: Joined): Firmware {
  return {
    id: r.f.id,
    fileName: r.f.fileName,
    version: r.f.version,
    brand: r.f.brand,
    models: r.f.models,
    description: r.f.description,
    size: r.f.size,
    sha256: r.f.sha256,
    operatorId: r.f.operatorId,
    operatorName: r.operatorName,
    createdBy: r.userName === null ? null : `${r.userName} ${r.userSurname ?? ''}`.trim(),
    createdDate: r.f.createdAt.toISOString(),
    downloadLink: FIRMWARE_API.download(r.f.id),
    inUse: r.openCampaign !== null,
    signed: r.f.signingCertificate !== null && r.f.signature !== null,
    signedBy: r.f.signingCertificate ? subjectOf(r.f.signingCertificate) : null,
  };
}

function joined(tx: Tx) {
  return tx
    .select(columns)
    .from(firmwares)
    .innerJoin(operators, eq(operators.id, firmwares.operatorId))
    .leftJoin(users, eq(users.id, firmwares.createdBy));
}

/** The live (not deleted) images in the actor's reach, newest first. */
export async function listFirmwares(
  tx: Tx,
  actor: Actor,
  filter: { operatorId?: number | undefined; brand?: string | undefined },
): Promise<Firmware[]> {
  const rows = await joined(tx)
    .where(
      and(
        isNull(firmwares.deletedAt),
        inScope(actor, operators.path),
        filter.operatorId ? eq(firmwares.operatorId, filter.operatorId) : undefined,
        filter.brand ? sql`lower(${firmwares.brand}) = lower(${filter.brand})` : undefined,
      ),
    )
    .orderBy(desc(firmwares.createdAt), desc(firmwares.id));
  return rows.map(toFirmware);
}

/** One live image in the actor's reach (any live image with no actor), with its record row. */
export async function findFirmware(tx: Tx, actor: Actor | null, id: number) {
  const [row] = await joined(tx)
    .where(
      and(
        eq(firmwares.id, id),
        isNull(firmwares.deletedAt),
        actor ? inScope(actor, operators.path) : undefined,
      ),
    )
    .limit(1);
  return row ? { row: row.f, firmware: toFirmware(row), openCampaign: row.openCampaign } : null;
}

export async function insertFirmware(tx: Tx, values: typeof firmwares.$inferInsert): Promise<FirmwareRow> {
  const [row] = await tx.insert(firmwares).values(values).returning();
  if (!row) throw new Error('firmware not stored');
  return row;
}

/**
 * Marks the image deleted unless a running or paused campaign sends it; the campaign row is
 * locked so no campaign can start on it meanwhile. Returns the blocking campaign's id, or null.
 */
export async function deleteUnlessInUse(tx: Tx, id: number): Promise<number | null> {
  await tx.select({ id: firmwares.id }).from(firmwares).where(eq(firmwares.id, id)).for('update');
  const [open] = await tx
    .select({ id: firmwareCampaigns.id })
    .from(firmwareCampaigns)
    .where(and(eq(firmwareCampaigns.firmwareId, id), inArray(firmwareCampaigns.state, OPEN_CAMPAIGN_STATES)))
    .limit(1);
  if (open) return open.id;
  await tx
    .update(firmwares)
    .set({ deletedAt: sql`now()` })
    .where(eq(firmwares.id, id));
  return null;
}

/** Locks a live image for a campaign being created (so it cannot be deleted under it). */
export async function lockLiveFirmware(tx: Tx, id: number): Promise<FirmwareRow | null> {
  const [row] = await tx
    .select()
    .from(firmwares)
    .where(and(eq(firmwares.id, id), isNull(firmwares.deletedAt)))
    .for('update');
  return row ?? null;
}
