import { z } from 'zod';
import { ChargePointIdString } from './charge-points.js';
import { IsoTime, OptionalText, Text } from './common.js';

/**
 * Firmware: the images staff upload (`/management/firmware/upload`), the campaigns that send them
 * to chargers (`/management/firmware/update`) and every charger's firmware state
 * (`/management/device/firmware`). Read with `firmware:read`, changed with `firmware:write`.
 */

/** Spec §5: a firmware file must end in .zip or .update. */
export const FIRMWARE_EXTENSIONS = ['.zip', '.update'] as const;
/** The largest firmware image Voltline accepts (also the server's multipart limit). */
export const FIRMWARE_MAX_BYTES = 256 * 1024 * 1024;

export function isFirmwareFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return FIRMWARE_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length);
}

/** A stored firmware image. `inUse`: a campaign that is not finished sends it, so it cannot be deleted. */
export const Firmware = z.object({
  id: z.number().int(),
  fileName: z.string(),
  version: z.string(),
  /** The brand it fits; null fits any. */
  brand: z.string().nullable(),
  /** The models of that brand it fits; empty fits every model. */
  models: z.array(z.string()),
  description: z.string().nullable(),
  size: z.number().int(),
  sha256: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  createdBy: z.string().nullable(),
  /** The spec's createdDate. */
  createdDate: z.string(),
  /** The portal's download address (relative to `/api/`), for a signed-in user with firmware:read. */
  downloadLink: z.string(),
  inUse: z.boolean(),
  /** Signed (a signing certificate and signature): campaigns send it with SignedUpdateFirmware. */
  signed: z.boolean(),
  /** The signing certificate's subject, for a signed image. */
  signedBy: z.string().nullable(),
});
export type Firmware = z.infer<typeof Firmware>;

/**
 * The fields of `POST portal/Ftp/UploadFirmware` (multipart/form-data): these, plus one `file`
 * part. `models` is a JSON array or a comma-separated list in the form.
 */
export const FirmwareUploadFields = z.object({
  version: Text(50),
  brand: OptionalText(100),
  models: z.array(Text(100)).max(50).default([]),
  description: OptionalText(500),
  /** The owning operator; defaults to the uploader's own. */
  operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /**
   * A signed image (OCPP 1.6 security edition): the PEM certificate whose key signed the file, and
   * the signature of the file's bytes (SHA256withRSA or SHA256withECDSA), in base64. Both or neither.
   */
  signingCertificate: z.string().trim().max(5500).optional(),
  signature: z.string().trim().max(800).optional(),
});
export type FirmwareUploadFields = z.input<typeof FirmwareUploadFields>;

export const FirmwareListQuery = z.object({
  operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  brand: z.string().trim().max(100).optional(),
});

/** How a charger fetches the image: the FTP URL with its own login, or a signed HTTP(S) link. */
export const FIRMWARE_TRANSPORTS = ['ftp', 'http'] as const;

/**
 * A firmware campaign: one image sent to chosen chargers in batches. A batch is sent once the
 * previous one has finished (each charger Installed, failed or timed out); the campaign pauses by
 * itself when the share of failed chargers passes `failureThresholdPercent`.
 */
export const CAMPAIGN_STATES = ['running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/**
 * One charger in a campaign.
 * - `queued`: its batch has not come yet; `waiting`: its turn came while it was offline, it gets
 *   UpdateFirmware when it reconnects.
 * - `sent`: UpdateFirmware answered; then the charger's own FirmwareStatusNotification states.
 * - `Installed` is what the charger said; `confirmed` once its next BootNotification carries the
 *   campaign's version, `versionMismatch` when it carries another.
 * - `commandFailed`: UpdateFirmware was refused (CALLERROR) or timed out; `timedOut`: no final
 *   status within the campaign's window; `cancelled`: the campaign ended before its turn.
 */
export const CAMPAIGN_TARGET_STATES = [
  'queued',
  'waiting',
  'sent',
  'Downloading',
  'Downloaded',
  'Installing',
  'Installed',
  'confirmed',
  'DownloadFailed',
  'InstallationFailed',
  'versionMismatch',
  'commandFailed',
  'timedOut',
  'cancelled',
  // A signed image (SignedUpdateFirmware, security edition): the charger's own statuses...
  'DownloadScheduled',
  'DownloadPaused',
  'SignatureVerified',
  'InstallScheduled',
  'InstallRebooting',
  // ...and its refusals: the signing certificate (SignedUpdateFirmware.conf InvalidCertificate or
  // RevokedCertificate), the signature, or the check of the installed image.
  'InvalidCertificate',
  'InvalidSignature',
  'InstallVerificationFailed',
] as const;
export type CampaignTargetState = (typeof CAMPAIGN_TARGET_STATES)[number];
/** Target states that count as failures for the pause threshold. */
export const CAMPAIGN_FAILED_STATES: readonly CampaignTargetState[] = [
  'DownloadFailed',
  'InstallationFailed',
  'versionMismatch',
  'commandFailed',
  'timedOut',
  'InvalidCertificate',
  'InvalidSignature',
  'InstallVerificationFailed',
];
/** Target states after which nothing more happens to the charger in this campaign. */
export const CAMPAIGN_FINAL_STATES: readonly CampaignTargetState[] = [
  ...CAMPAIGN_FAILED_STATES,
  'confirmed',
  'cancelled',
];

export const NewCampaign = z.object({
  firmwareId: z.number().int().positive().max(2_147_483_647),
  chargePointIds: z.array(ChargePointIdString).min(1).max(10_000),
  /** When chargers should fetch the image (OCPP retrieveDate); now when absent. */
  retrieveDate: IsoTime.optional(),
  retries: z.number().int().min(0).max(10).default(3),
  retryInterval: z.number().int().min(0).max(86_400).default(60),
  transport: z.enum(FIRMWARE_TRANSPORTS).default('ftp'),
  /** Chargers per batch; all at once when absent. */
  batchSize: z.number().int().min(1).max(10_000).optional(),
  /** Pause when this share (0–100 %) of the chargers sent so far has failed. */
  failureThresholdPercent: z.number().int().min(0).max(100).default(20),
  name: OptionalText(100),
});
export type NewCampaign = z.input<typeof NewCampaign>;

export const CampaignCounts = z.record(z.enum(CAMPAIGN_TARGET_STATES), z.number().int());

export const Campaign = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  firmwareId: z.number().int(),
  firmwareFileName: z.string(),
  firmwareVersion: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  /** Why a campaign paused by itself, e.g. `threshold`; null when staff paused it or it runs. */
  pauseReason: z.string().nullable(),
  transport: z.enum(FIRMWARE_TRANSPORTS),
  retrieveDate: z.string().nullable(),
  retries: z.number().int(),
  retryInterval: z.number().int(),
  batchSize: z.number().int().nullable(),
  failureThresholdPercent: z.number().int(),
  total: z.number().int(),
  /** How many chargers are in each state (states with none are left out). */
  counts: z.record(z.string(), z.number().int()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignTarget = z.object({
  chargePointId: z.string(),
  name: z.string(),
  batch: z.number().int(),
  state: z.enum(CAMPAIGN_TARGET_STATES),
  /** The version the charger reported before the campaign, and after its reboot. */
  versionBefore: z.string().nullable(),
  versionAfter: z.string().nullable(),
  /** The command's refusal or CALLERROR, in the server's words. */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
  connected: z.boolean(),
});
export type CampaignTarget = z.infer<typeof CampaignTarget>;

export const CampaignDetail = Campaign.extend({ targets: z.array(CampaignTarget) });
export type CampaignDetail = z.infer<typeof CampaignDetail>;

export const CAMPAIGN_ACTIONS = ['pause', 'resume', 'cancel'] as const;

/** Filters of the charger picker (update screen) and the device firmware screen. */
export const DeviceFirmwareFilter = z.object({
  operatorId: z.number().int().positive().max(2_147_483_647).optional(),
  brand: z.string().trim().max(100).optional(),
  model: z.string().trim().max(100).optional(),
  firmwareVersion: z.string().trim().max(50).optional(),
  connection: z.enum(['Connected', 'Disconnected']).optional(),
  search: z.string().trim().max(100).optional(),
});
export type DeviceFirmwareFilter = z.input<typeof DeviceFirmwareFilter>;

/** One row of `/management/device/firmware`: a charger's firmware and its last update. */
export const DeviceFirmware = z.object({
  chargePointId: z.string(),
  name: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  connected: z.boolean(),
  /** The charger's last FirmwareStatusNotification status, and when it came. */
  firmwareStatus: z.string().nullable(),
  firmwareStatusAt: z.string().nullable(),
  /** The last campaign that included it, and its state there. */
  lastCampaignId: z.number().int().nullable(),
  lastCampaignState: z.enum(CAMPAIGN_TARGET_STATES).nullable(),
});
export type DeviceFirmware = z.infer<typeof DeviceFirmware>;

export const FIRMWARE_API = {
  /** GET: the firmware list (spec). */
  list: 'portal/Ftp/GetFirmwares',
  /** POST multipart (spec). */
  upload: 'portal/Ftp/UploadFirmware',
  /** GET: the image's record (Firmware); DELETE: remove it (409 while a campaign sends it). The bytes: `download`. */
  byId: (id: number | string) => `portal/Ftp/Firmware/${id}`,
  download: (id: number | string) => `portal/Ftp/Firmware/${id}/download`,
  /** GET ?index&size: campaigns, newest first; POST NewCampaign: start one. */
  campaigns: 'portal/Firmware/campaigns',
  campaign: (id: number | string) => `portal/Firmware/campaigns/${id}`,
  /** POST: pause, resume or cancel. */
  campaignAction: (id: number | string, action: (typeof CAMPAIGN_ACTIONS)[number]) =>
    `portal/Firmware/campaigns/${id}/${action}`,
  /** POST DeviceFirmwareFilter ?index&size: chargers with their firmware (picker and device screen). */
  devices: 'portal/ChargePoint/GetFirmwareDynamic',
  /** POST DeviceFirmwareFilter: the same, as Excel (blob). */
  devicesExcel: 'portal/ChargePoint/GetFirmwareExcel',
} as const;
