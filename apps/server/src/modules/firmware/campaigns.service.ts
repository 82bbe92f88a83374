import type { CampaignDetail, NewCampaign, Page, Campaign } from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import * as repo from './campaigns.repository.js';
import { chargersInReach, type CandidateCharger } from './devices.repository.js';
import { findFirmware, lockLiveFirmware, type FirmwareRow } from './firmware.repository.js';
import type { RolloutHooks } from './firmware.ocpp.js';

type NewCampaignBody = z.output<typeof NewCampaign>;
export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** Lists of charge point ids in a refusal: the first few, and how many more. */
function named(ids: string[]): string {
  return ids.length <= 20 ? ids.join(', ') : `${ids.slice(0, 20).join(', ')} (+${ids.length - 20})`;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** The image fits the charger unless the charger's brand or model is known and differs. */
export function fits(fw: Pick<FirmwareRow, 'brand' | 'models'>, cp: CandidateCharger): boolean {
  const brand = cp.brand ?? cp.vendor;
  if (fw.brand && brand && !same(fw.brand, brand)) return false;
  if (fw.models.length > 0 && cp.model && !fw.models.some((m) => same(m, cp.model ?? ''))) return false;
  return true;
}

/** Firmware campaigns as staff see and steer them; the rollout itself is `rollout.ts`. */
export class CampaignsService {
  constructor(
    private readonly db: Db,
    private readonly rollout: RolloutHooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  async page(ctx: Ctx, index: number, size: number): Promise<Page<Campaign>> {
    const { items, total } = await repo.pageCampaigns(this.db, ctx.actor, index * size, size);
    return { items, total, index, size };
  }

  async detail(ctx: Ctx, id: number): Promise<CampaignDetail> {
    const found = await repo.findCampaign(this.db, ctx.actor, id);
    if (!found) throw notFound('campaign');
    return { ...found.campaign, targets: await repo.targetsOf(this.db, ctx.actor, id) };
  }

  /**
   * Starts a campaign: the image and every charger in reach, the image fitting each charger, no
   * charger in another unfinished campaign. Its first batch is sent at once, after the answer.
   */
  async create(ctx: Ctx, body: NewCampaignBody): Promise<CampaignDetail> {
    const wanted = body.chargePointIds;
    if (new Set(wanted.map((id) => id.toLowerCase())).size !== wanted.length) {
      throw refusal(400, 'campaign.duplicate', 'body.chargePointIds');
    }
    const id = await this.db.transaction(async (tx) => {
      if (!(await findFirmware(tx, ctx.actor, body.firmwareId))) throw notFound('firmware');
      const fw = await lockLiveFirmware(tx, body.firmwareId);
      if (!fw) throw notFound('firmware');
      const cps = await chargersInReach(tx, ctx.actor, wanted);
      const found = new Set(cps.map((c) => c.chargePointId.toLowerCase()));
      const unknown = wanted.filter((w) => !found.has(w.toLowerCase()));
      if (unknown.length) throw refusal(400, 'campaign.unknownChargePoints', 'body.chargePointIds', unknown);
      const misfits = cps.filter((c) => !fits(fw, c)).map((c) => c.chargePointId);
      if (misfits.length) throw refusal(400, 'campaign.misfit', 'body.chargePointIds', misfits);
      const busy = new Set(
        await repo.busyChargePoints(
          tx,
          cps.map((c) => c.id),
        ),
      );
      if (busy.size) {
        const names = cps.filter((c) => busy.has(c.id)).map((c) => c.chargePointId);
        throw conflict('campaign.busy', { chargePoints: named(names) });
      }
      const campaign = await repo.insertCampaign(tx, {
        operatorId: fw.operatorId,
        firmwareId: fw.id,
        name: body.name,
        transport: body.transport,
        retrieveDate: body.retrieveDate ? new Date(body.retrieveDate) : null,
        retries: body.retries,
        retryInterval: body.retryInterval,
        batchSize: body.batchSize ?? null,
        failureThresholdPercent: body.failureThresholdPercent,
        createdBy: ctx.actor.userId,
      });
      // Chargers keep the order they were chosen in: the first `batchSize` go first.
      const order = new Map(wanted.map((w, i) => [w.toLowerCase(), i]));
      const sorted = [...cps].sort(
        (a, b) =>
          (order.get(a.chargePointId.toLowerCase()) ?? 0) - (order.get(b.chargePointId.toLowerCase()) ?? 0),
      );
      const per = body.batchSize ?? sorted.length;
      await repo.insertTargets(
        tx,
        sorted.map((cp, i) => ({
          campaignId: campaign.id,
          chargePointId: cp.id,
          batch: Math.floor(i / per) + 1,
          versionBefore: cp.firmwareVersion,
        })),
      );
      await audit(tx, ctx, {
        action: 'create',
        entity: 'firmwareCampaign',
        entityId: campaign.id,
        summary: {
          firmware: fw.fileName,
          version: fw.version,
          chargePoints: sorted.length,
          batchSize: body.batchSize ?? null,
          transport: body.transport,
          failureThresholdPercent: body.failureThresholdPercent,
        },
      });
      return campaign.id;
    });
    this.later(id);
    return this.detail(ctx, id);
  }

  /** Pause (running), resume (paused) or cancel (either: chargers not yet sent leave it). */
  async act(ctx: Ctx, id: number, action: CampaignAction): Promise<CampaignDetail> {
    const found = await repo.findCampaign(this.db, ctx.actor, id);
    if (!found) throw notFound('campaign');
    await this.db.transaction(async (tx) => {
      let moved;
      if (action === 'pause') {
        moved = await repo.moveCampaign(tx, id, ['running'], { state: 'paused', pauseReason: null });
        if (!moved) throw conflict(found.row.finishedAt ? 'campaign.finished' : 'campaign.notRunning');
      } else if (action === 'resume') {
        // The threshold counts what fails from here on: staff have seen the failures so far.
        const base = await repo.sentAndFailed(tx, id);
        moved = await repo.moveCampaign(tx, id, ['paused'], {
          state: 'running',
          pauseReason: null,
          sentAtResume: base.sent,
          failedAtResume: base.failed,
        });
        if (!moved) throw conflict(found.row.finishedAt ? 'campaign.finished' : 'campaign.notPaused');
      } else {
        moved = await repo.moveCampaign(tx, id, ['running', 'paused'], {
          state: 'cancelled',
          finishedAt: new Date(),
        });
        if (!moved) throw conflict('campaign.finished');
        await repo.cancelUnsent(tx, id);
      }
      await audit(tx, ctx, {
        action,
        entity: 'firmwareCampaign',
        entityId: id,
        summary: { state: [found.row.state, moved.state] },
      });
    });
    if (action === 'resume') this.later(id);
    return this.detail(ctx, id);
  }

  private later(id: number) {
    setImmediate(() => {
      this.rollout
        .advance(id)
        .catch((err: unknown) => this.log.error({ err, campaignId: id }, 'campaign step failed'));
    });
  }
}

function refusal(status: 400, key: MessageKey, field: string, ids: string[] = []) {
  const params = { chargePoints: named(ids) };
  return new AppError(status, key, params, [{ field, key, params }]);
}
