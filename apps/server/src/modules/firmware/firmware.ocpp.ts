import type { CampaignTargetState } from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import * as repo from './rollout.repository.js';

/** What the campaign engine does when a charger comes within reach or a campaign moves. */
export interface RolloutHooks {
  reachable(chargePointDbId: number): Promise<void>;
  advance(campaignId: number): Promise<void>;
}

/** FirmwareStatusNotification statuses that move a campaign's charger, and the states they may move it from. */
const MOVES: Partial<Record<string, CampaignTargetState[]>> = {
  Downloading: ['sent', 'Downloading', 'Downloaded'],
  Downloaded: ['sent', 'Downloading'],
  Installing: ['sent', 'Downloading', 'Downloaded'],
  Installed: ['sent', 'Downloading', 'Downloaded', 'Installing'],
  DownloadFailed: ['sent', 'Downloading'],
  InstallationFailed: ['sent', 'Downloading', 'Downloaded', 'Installing'],
};

const DOWNLOADING: CampaignTargetState[] = ['sent', 'DownloadScheduled', 'Downloading', 'DownloadPaused'];
const VERIFIED: CampaignTargetState[] = ['sent', 'Downloaded', 'SignatureVerified', 'InstallScheduled'];

/**
 * SignedFirmwareStatusNotification statuses (security edition) and the states they may move a
 * signed campaign's charger from. InvalidSignature and InstallVerificationFailed are failures.
 */
const SIGNED_MOVES: Partial<Record<string, CampaignTargetState[]>> = {
  DownloadScheduled: ['sent'],
  Downloading: [...DOWNLOADING, 'Downloaded'],
  DownloadPaused: ['sent', 'DownloadScheduled', 'Downloading'],
  Downloaded: DOWNLOADING,
  DownloadFailed: DOWNLOADING,
  InvalidSignature: [...DOWNLOADING, 'Downloaded'],
  SignatureVerified: [...DOWNLOADING, 'Downloaded'],
  InstallScheduled: [...DOWNLOADING, 'Downloaded', 'SignatureVerified'],
  Installing: [...DOWNLOADING, ...VERIFIED],
  InstallVerificationFailed: [...VERIFIED, 'Installing'],
  InstallRebooting: [...VERIFIED, 'Installing'],
  Installed: [...DOWNLOADING, ...VERIFIED, 'Installing', 'InstallRebooting'],
  InstallationFailed: [...VERIFIED, 'Installing', 'InstallRebooting'],
};

/**
 * What the OCPP endpoint tells the firmware campaigns: a charger's firmware status, its boots and
 * its connections. Status and boot changes are written before the charger gets its answer (so one
 * charger's notifications stay in order); sending and batch moves run after it, off its path.
 */
export class FirmwareOcpp {
  constructor(
    private readonly db: Db,
    private readonly rollout: RolloutHooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** FirmwareStatusNotification (Idle changes nothing: it only says no update is running). */
  async status(chargePointDbId: number, status: string): Promise<void> {
    const from = MOVES[status];
    if (!from) return;
    const campaignId = await repo.moveInFlight(this.db, chargePointDbId, from, status as CampaignTargetState);
    if (campaignId !== null) this.later(() => this.rollout.advance(campaignId));
  }

  /**
   * SignedFirmwareStatusNotification (and OCPP 2.0.1's FirmwareStatusNotification): moves the
   * target its requestId names; without one (a triggered notification) the charger's newest in
   * flight, as FirmwareStatusNotification does. A requestId naming no target is that of a plain
   * UpdateFirmware, which the charger's protocol numbered itself (2.0.1): it moves the charger's
   * target sent without one.
   */
  async signedStatus(chargePointDbId: number, status: string, requestId: number | undefined): Promise<void> {
    const from = SIGNED_MOVES[status];
    if (!from) return;
    const to = status as CampaignTargetState;
    const campaignId =
      requestId === undefined
        ? await repo.moveInFlight(this.db, chargePointDbId, from, to)
        : ((await repo.moveByRequest(this.db, chargePointDbId, requestId, from, to)) ??
          (await repo.moveInFlight(this.db, chargePointDbId, from, to, true)));
    if (campaignId !== null) this.later(() => this.rollout.advance(campaignId));
  }

  /** BootNotification: the version it reports confirms an installed update; an accepted charger gets what waits for it. */
  async booted(chargePointDbId: number, firmwareVersion: string | null, accepted: boolean): Promise<void> {
    const confirmed = await repo.confirmAfterBoot(this.db, chargePointDbId, firmwareVersion);
    if (confirmed) this.later(() => this.rollout.advance(confirmed.campaign_id));
    if (accepted) this.later(() => this.rollout.reachable(chargePointDbId));
  }

  /** A charger's socket opened. */
  connected(chargePointDbId: number, accepted: boolean): void {
    if (accepted) this.later(() => this.rollout.reachable(chargePointDbId));
  }

  /** After the charger's answer has gone out: a CALL must not overtake the CALLRESULT it waits for. */
  private later(job: () => Promise<void>) {
    setImmediate(() => {
      job().catch((err: unknown) => this.log.error({ err }, 'firmware campaign step failed'));
    });
  }
}
