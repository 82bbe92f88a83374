import { z } from 'zod';
import { IsoTime } from './common.js';
import { LOG_TYPES } from './commands.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';

/**
 * Diagnostics files chargers upload (`/logs/diagnostic`): each GetDiagnostics request Voltline
 * sent, what became of it, and the file once it arrived. Read with `logs:read`; the retention
 * setting is changed with `logs:write`; a request is the `getDiagnostic` command's permissions.
 *
 * States:
 * - `requested`: GetDiagnostics sent (or about to be); the charger has not started its upload.
 * - `Uploading`, `Uploaded`, `UploadFailed`: what the charger's DiagnosticsStatusNotification said.
 * - `commandFailed`: the charger refused the request, did not answer or was offline (`error`).
 * - `noFile`: the charger answered without a file name: it has no diagnostics (OCPP 1.6 §6.21).
 * - `expired`: the file was deleted after the retention period.
 */
export const DIAGNOSTICS_STATES = [
  'requested',
  'Uploading',
  'Uploaded',
  'UploadFailed',
  'commandFailed',
  'noFile',
  'expired',
] as const;
export type DiagnosticsState = (typeof DIAGNOSTICS_STATES)[number];

/**
 * What a request asked for: `Diagnostics` (GetDiagnostics), or a GetLog of one of LOG_TYPES
 * (security edition: `DiagnosticsLog`, `SecurityLog`). A GetLog's LogStatusNotifications move it
 * as DiagnosticsStatusNotification moves a GetDiagnostics: Uploading, Uploaded, and UploadFailed
 * for UploadFailure, BadMessage, NotSupportedOperation and PermissionDenied (kept in `error`).
 */
export const DIAGNOSTICS_KINDS = ['Diagnostics', ...LOG_TYPES] as const;
export type DiagnosticsKind = (typeof DIAGNOSTICS_KINDS)[number];

/** States in which the charger may still report on a request. */
export const OPEN_DIAGNOSTICS_STATES = ['requested', 'Uploading'] as const satisfies DiagnosticsState[];

export const DIAGNOSTICS_RETENTION_DEFAULT_DAYS = 30;

const RecordId = z.coerce.number().int().positive().max(2_147_483_647);

export const DiagnosticsRequest = z.object({
  id: z.number().int(),
  kind: z.enum(DIAGNOSTICS_KINDS),
  /** A GetLog's requestId (what its LogStatusNotifications carry); null for a GetDiagnostics. */
  requestId: z.number().int().nullable(),
  /** GetLog.conf's status (Accepted, Rejected, AcceptedCanceled); null for a GetDiagnostics. */
  answer: z.string().nullable(),
  chargePointId: z.string(),
  /** The charge point's record id, for a link to its detail. */
  chargePointRecordId: z.number().int().nullable(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  startTime: z.string().nullable(),
  stopTime: z.string().nullable(),
  retries: z.number().int().nullable(),
  retryInterval: z.number().int().nullable(),
  status: z.enum(DIAGNOSTICS_STATES),
  /** Why the command failed (the charger's CALLERROR, a timeout, offline). */
  error: z.string().nullable(),
  /** The name the charger announced in GetDiagnostics.conf, or the stored file's name. */
  fileName: z.string().nullable(),
  /** Bytes of the stored file; null until it arrived (and after it expired). */
  size: z.number().int().nullable(),
  uploadedAt: z.string().nullable(),
  /** The portal's download address (relative to `/api/`) while the file is kept. */
  downloadLink: z.string().nullable(),
  updatedAt: z.string(),
});
export type DiagnosticsRequest = z.infer<typeof DiagnosticsRequest>;

/** Query (GET) or body (POST) of `portal/Ftp/GetLogs`. */
export const DiagnosticsListQuery = z.object({
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  chargePointId: z.string().trim().min(1).max(48).optional(),
  /** The operator and its sub-operators. */
  operatorId: RecordId.optional(),
  status: z.enum(DIAGNOSTICS_STATES).optional(),
  kind: z.enum(DIAGNOSTICS_KINDS).optional(),
  /** Requested at or after. */
  from: IsoTime.optional(),
  /** Requested before. */
  to: IsoTime.optional(),
});
export type DiagnosticsListQuery = z.input<typeof DiagnosticsListQuery>;
export type DiagnosticsListFilter = z.output<typeof DiagnosticsListQuery>;

/** How long diagnostics files are kept before they are deleted (the request stays, `expired`). */
export const DiagnosticsRetention = z.object({
  retentionDays: z.number().int().min(1).max(3650),
});
export type DiagnosticsRetention = z.infer<typeof DiagnosticsRetention>;
