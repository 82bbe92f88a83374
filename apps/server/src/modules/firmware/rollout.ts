import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/messages.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import { nextSignedFirmwareRequestId, signedFirmwarePayload } from '../commands/signed-firmware.js';
import type { FilesService } from '../files/files.service.js';
import { moveCampaign } from './campaigns.repository.js';
import * as repo from './rollout.repository.js';

export interface RolloutDeps {
  db: Db;
  clock: Clock;
  commands: Pick<CommandsService, 'sendRecorded'>;
  files: Pick<FilesService, 'grantDownload'>;
  log: FastifyBaseLogger;
  /** FIRMWARE_INSTALL_MINUTES in ms: what a charger has after its last retry to finish. */
  installAllowanceMs: number;
}

/** How many chargers are sent their UpdateFirmware at once. */
const SEND_CONCURRENCY = 10;
const MAX_GRANT_SECONDS = 7 * 24 * 3600;

/**
 * The staged rollout. A campaign's current batch is sent at once; the next batch opens when no
 * charger of the current one is still queued or working (each is Installed, confirmed, failed,
 * timed out, or offline and waiting for its reconnection). A charger's UpdateFirmware carries a
 * fresh download grant for it alone. Every state change is one conditional statement, so the
 * tick, the chargers' notifications and their reconnections may run at once, on any process.
 */
export class FirmwareRollout {
  private ticking = false;

  constructor(private readonly deps: RolloutDeps) {}

  /** One pass: time out the overdue, send the waiting that came back, and move every running campaign on. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const { db, clock } = this.deps;
      await repo.timeOutOverdue(db, clock.now());
      await this.sendAll(await repo.waitingConnected(db));
      for (const id of await repo.runningCampaigns(db)) await this.advance(id);
    } finally {
      this.ticking = false;
    }
  }

  /** A charger connected or booted: whatever a running campaign holds for it is sent now. */
  async reachable(chargePointDbId: number): Promise<void> {
    const ids = await repo.waitingConnected(this.deps.db, chargePointDbId);
    await this.sendAll(ids);
  }

  /** Moves one campaign on: the pause threshold, completion, its due chargers and its next batch. */
  async advance(campaignId: number): Promise<void> {
    const { db } = this.deps;
    for (;;) {
      const p = await repo.progress(db, campaignId);
      if (!p || p.c.state !== 'running') return;
      const sent = p.sent - p.c.sentAtResume;
      const failed = p.failed - p.c.failedAtResume;
      if (sent > 0 && failed * 100 > p.c.failureThresholdPercent * sent) {
        await this.pauseForThreshold(campaignId, failed, sent);
        return;
      }
      if (p.open === 0) {
        await moveCampaign(db, campaignId, ['running'], {
          state: 'completed',
          finishedAt: this.deps.clock.now(),
        });
        return;
      }
      await this.sendAll(await repo.dueTargets(db, campaignId, p.c.currentBatch, ['queued']));
      if (p.busyInBatch > 0 || p.c.currentBatch >= p.lastBatch) return;
      if (!(await repo.nextBatch(db, campaignId, p.c.currentBatch))) return;
      // The next batch is open: go round again to send it (and check the threshold first).
    }
  }

  private async pauseForThreshold(campaignId: number, failed: number, sent: number) {
    await this.deps.db.transaction(async (tx) => {
      const paused = await moveCampaign(tx, campaignId, ['running'], {
        state: 'paused',
        pauseReason: 'threshold',
      });
      if (!paused) return;
      await audit(tx, NO_USER, {
        action: 'pause',
        entity: 'firmwareCampaign',
        entityId: campaignId,
        summary: { reason: 'threshold', failed, sent, thresholdPercent: paused.failureThresholdPercent },
      });
    });
    this.deps.log.warn({ campaignId, failed, sent }, 'firmware campaign paused: failure threshold passed');
  }

  private async sendAll(ids: number[]): Promise<void> {
    const queue = [...ids];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        await this.send(id).catch((err: unknown) =>
          this.deps.log.error({ err, target: id }, 'sending UpdateFirmware failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, queue.length) }, worker));
  }

  /** Sends one charger its UpdateFirmware, once: offline it waits, refused it failed. */
  private async send(targetId: number): Promise<void> {
    const { db, clock, files, commands, installAllowanceMs } = this.deps;
    const t = await repo.targetToSend(db, targetId);
    if (!t || t.campaign.state !== 'running' || (t.state !== 'queued' && t.state !== 'waiting')) return;
    const c = t.campaign;
    const now = clock.now();
    const retrieve = c.retrieveDate && c.retrieveDate > now ? c.retrieveDate : now;
    const deadline = new Date(retrieve.getTime() + c.retries * c.retryInterval * 1000 + installAllowanceMs);
    // A signed image goes as SignedUpdateFirmware, whose notifications name it by this requestId.
    const signed =
      t.signingCertificate && t.signature ? { cert: t.signingCertificate, sig: t.signature } : null;
    const requestId = signed ? await nextSignedFirmwareRequestId(db) : null;
    if (!(await repo.claim(db, targetId, now, deadline, requestId))) return;
    const ttl = Math.min(
      MAX_GRANT_SECONDS,
      Math.max(60, Math.ceil((deadline.getTime() - now.getTime()) / 1000)),
    );
    let location: string | null;
    try {
      const grant = await files.grantDownload(t.chargePointId, t.storeKey, ttl);
      location = c.transport === 'http' ? grant.httpUrl : grant.ftpUrl;
      if (!location) throw new AppError(503, 'files.ftpOff');
    } catch (err) {
      const error =
        err instanceof AppError ? translate('en', err.key, err.params) : 'The download could not be prepared';
      await repo.settle(db, targetId, ['sent'], { state: 'commandFailed', error });
      return;
    }
    const retrieveDate = retrieve.toISOString();
    const plain = { location, retrieveDate, retries: c.retries, retryInterval: c.retryInterval };
    const request =
      signed && requestId !== null
        ? signedFirmwarePayload(requestId, {
            location,
            retrieveDateTime: retrieveDate,
            signingCertificate: signed.cert,
            signature: signed.sig,
            retries: c.retries,
            retryInterval: c.retryInterval,
          })
        : plain;
    // The location carries the grant's credentials: the command record names the file instead.
    const link = `[${c.transport} link to ${t.fileName}]`;
    const logged = signed
      ? { requestId, retrieveDateTime: retrieveDate, location: link, signed: true, campaign: c.id }
      : { ...plain, location: link, campaign: c.id };
    const result = await commands.sendRecorded(
      { id: t.cpDbId, chargePointId: t.chargePointId },
      signed ? 'SignedUpdateFirmware' : 'UpdateFirmware',
      request,
      { logged, userId: c.createdBy },
    );
    const refusal = result.ok && signed ? signedRefusal(result.answer.status) : null;
    if (refusal) {
      await repo.settle(db, targetId, ['sent'], { ...refusal, commandRecordId: result.recordId });
    } else if (result.ok) {
      await repo.attachRecord(db, targetId, result.recordId);
    } else if (result.outcome === 'offline') {
      await repo.settle(db, targetId, ['sent'], {
        state: 'waiting',
        sentAt: null,
        deadline: null,
        commandRecordId: result.recordId,
      });
    } else {
      const error =
        result.error ?? (result.outcome === 'timedOut' ? 'The charge point did not answer in time' : null);
      await repo.settle(db, targetId, ['sent'], {
        state: 'commandFailed',
        error,
        commandRecordId: result.recordId,
      });
    }
  }
}

/**
 * SignedUpdateFirmware.conf other than Accepted (or AcceptedCanceled: it dropped an earlier
 * update for this one): a refused signing certificate is InvalidCertificate, anything else failed.
 */
function signedRefusal(
  status: unknown,
): { state: 'InvalidCertificate' | 'commandFailed'; error: string } | null {
  if (status === 'Accepted' || status === 'AcceptedCanceled') return null;
  if (status === 'InvalidCertificate' || status === 'RevokedCertificate') {
    return { state: 'InvalidCertificate', error: String(status) };
  }
  return { state: 'commandFailed', error: typeof status === 'string' ? status : 'Rejected' };
}
