/**
 * # Diagnostics: GetDiagnostics requests and the files chargers upload
 *
 * A request from the Commands menu carries no location: Voltline makes one with the file service
 * (`files.grantUpload`, an ftp:// folder with a one-off login) and records the request in
 * `diagnostics_requests`. The charger's answer names the file it will upload (no name: nothing to
 * upload, `noFile`); its DiagnosticsStatusNotifications move the request on (`diagnostics.ocpp.ts`),
 * and the stored file is linked through the grant it was uploaded under. Files are kept for
 * `diagnosticsRetentionDays` (a database setting), then deleted by the hourly purge.
 */
import type { Readable } from 'node:stream';
import {
  DIAGNOSTICS_RETENTION_DEFAULT_DAYS,
  type DiagnosticsListFilter,
  type DiagnosticsRequest,
  type DiagnosticsRetention,
  type Page,
} from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import type { DiagnosticsPreparer, Prepared, Target } from '../commands/commands.service.js';
import type { FilesService } from '../files/files.service.js';
import * as repo from './diagnostics.repository.js';

export interface DiagnosticsDeps {
  db: Db;
  files: FilesService;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Whether any Voltline process holds the charger's socket: an offline charger gets no upload login. */
  isConnected: (chargePointId: string) => Promise<boolean>;
}

type Payload = Record<string, unknown>;

/** The upload login lives an hour past the charger's last retry, a day at most. */
const BASE_TTL_SECONDS = 3600;
const MAX_TTL_SECONDS = 24 * 3600;
const PURGE_BATCH = 500;

/** A location as logs and audit lines may show it: without its login. */
export function withoutLogin(location: string): string {
  try {
    const url = new URL(location);
    if (!url.username && !url.password) return location;
    url.username = '[redacted]';
    url.password = '';
    return url.toString();
  } catch {
    return '[redacted]';
  }
}

/** Why a GetDiagnostics failed, as the request keeps it. */
function failureOf(err: unknown): string {
  if (err instanceof AppError) {
    if (err.key === 'ocpp.timeout') return 'timedOut';
    if (err.key === 'ocpp.offline') return 'offline';
    if (err.key === 'ocpp.callError') {
      const { code, description } = err.params;
      return description ? `${String(code)}: ${String(description)}` : String(code);
    }
    return err.key;
  }
  return 'error';
}

export class DiagnosticsService implements DiagnosticsPreparer {
  constructor(private readonly deps: DiagnosticsDeps) {}

  /**
   * The upload location of a request: the caller's, or an ftp:// folder of Voltline's file
   * service with a one-off login (none for an offline charger: its call fails as offline).
   */
  private async location(ctx: Ctx, cp: Target, request: Payload) {
    const retries = typeof request.retries === 'number' ? request.retries : undefined;
    const retryInterval = typeof request.retryInterval === 'number' ? request.retryInterval : undefined;
    let location = typeof request.location === 'string' ? request.location : undefined;
    let grantId: number | null = null;
    if (!location && (await this.deps.isConnected(cp.chargePointId))) {
      const ttl = Math.min(BASE_TTL_SECONDS + ((retries ?? 0) + 1) * (retryInterval ?? 0), MAX_TTL_SECONDS);
      const grant = await this.deps.files.grantUpload(cp.chargePointId, ttl, { ctx });
      location = grant.ftpUrl;
      grantId = grant.grantId;
    }
    return { location, grantId, retries, retryInterval };
  }

  /** GetDiagnostics as the command sends it: the location generated when none is given, and recorded. */
  async prepare(ctx: Ctx, cp: Target, request: Payload): Promise<Prepared> {
    const { location, grantId, retries, retryInterval } = await this.location(ctx, cp, request);
    const row = await repo.insertRequest(this.deps.db, {
      chargePointId: cp.id,
      operatorId: cp.operatorId,
      requestedBy: ctx.actor.userId,
      startTime: typeof request.startTime === 'string' ? new Date(request.startTime) : null,
      stopTime: typeof request.stopTime === 'string' ? new Date(request.stopTime) : null,
      retries: retries ?? null,
      retryInterval: retryInterval ?? null,
      grantId,
    });
    // Offline: no location, and the call fails as offline (recorded as commandFailed below).
    const payload = location ? { ...request, location } : request;
    return {
      payload,
      logged: {
        ...payload,
        ...(location ? { location: withoutLogin(location) } : {}),
        diagnosticsRequest: row.id,
      },
      // OCPP 1.6 GetDiagnostics.conf: no fileName means the charger has no diagnostics to upload.
      after: (tx, answer) =>
        typeof answer.fileName === 'string' && answer.fileName !== ''
          ? repo.updateRequest(tx, row.id, { fileName: answer.fileName })
          : repo.updateRequest(tx, row.id, { status: 'noFile' }),
      failed: (tx, err) => repo.updateRequest(tx, row.id, { status: 'commandFailed', error: failureOf(err) }),
      extra: { diagnosticsRequestId: row.id },
    };
  }

  /**
   * GetLog (security edition) as the command sends it: recorded with its log type, its requestId
   * the record's id, and the location generated as for GetDiagnostics. The charger's answer and
   * its LogStatusNotifications (`diagnostics.ocpp.ts`) move the record; the file joins the list.
   */
  async prepareLog(ctx: Ctx, cp: Target, request: Payload): Promise<Prepared> {
    const { location, grantId, retries, retryInterval } = await this.location(ctx, cp, request);
    const oldest = typeof request.oldestTimestamp === 'string' ? request.oldestTimestamp : undefined;
    const latest = typeof request.latestTimestamp === 'string' ? request.latestTimestamp : undefined;
    const row = await repo.insertRequest(this.deps.db, {
      chargePointId: cp.id,
      operatorId: cp.operatorId,
      requestedBy: ctx.actor.userId,
      logType: String(request.logType),
      startTime: oldest ? new Date(oldest) : null,
      stopTime: latest ? new Date(latest) : null,
      retries: retries ?? null,
      retryInterval: retryInterval ?? null,
      grantId,
    });
    const log = (remoteLocation: string) => ({
      remoteLocation,
      ...(oldest ? { oldestTimestamp: oldest } : {}),
      ...(latest ? { latestTimestamp: latest } : {}),
    });
    const payload = {
      logType: request.logType,
      requestId: row.id,
      log: log(location ?? ''),
      ...(retries !== undefined ? { retries } : {}),
      ...(retryInterval !== undefined ? { retryInterval } : {}),
    };
    return {
      payload,
      logged: { ...payload, log: log(location ? withoutLogin(location) : ''), diagnosticsRequest: row.id },
      after: async (tx, answer) => {
        const status = typeof answer.status === 'string' ? answer.status : null;
        const fileName =
          typeof answer.filename === 'string' && answer.filename !== '' ? answer.filename : null;
        if (status === 'Rejected') {
          await repo.updateRequest(tx, row.id, {
            answer: status,
            status: 'commandFailed',
            error: 'Rejected',
          });
          return;
        }
        if (status === 'AcceptedCanceled') await repo.cancelEarlierLogs(tx, cp.id, row.id);
        await repo.updateRequest(tx, row.id, { answer: status, ...(fileName ? { fileName } : {}) });
      },
      failed: (tx, err) => repo.updateRequest(tx, row.id, { status: 'commandFailed', error: failureOf(err) }),
      extra: { diagnosticsRequestId: row.id, requestId: row.id },
    };
  }

  list(ctx: Ctx, query: DiagnosticsListFilter): Promise<Page<DiagnosticsRequest>> {
    const { index, size, ...filter } = query;
    return repo.pageRequests(this.deps.db, ctx.actor, filter, index, size);
  }

  /** A request's file, in the reader's reach. */
  async download(ctx: Ctx, id: number): Promise<{ name: string; size: number; stream: Readable }> {
    const file = await repo.fileInScope(this.deps.db, ctx.actor, id);
    if (!file) throw notFound('file');
    const stream = await this.deps.files.store.get(file.key).catch(() => {
      throw notFound('file');
    });
    return { name: file.name, size: file.size, stream };
  }

  async retention(): Promise<DiagnosticsRetention> {
    const days = await repo.retentionDays(this.deps.db);
    return { retentionDays: days ?? DIAGNOSTICS_RETENTION_DEFAULT_DAYS };
  }

  /** The setting holds for the whole installation: the route asks `installation:write` (Admin only). */
  async setRetention(ctx: Ctx, value: DiagnosticsRetention): Promise<DiagnosticsRetention> {
    await this.deps.db.transaction(async (tx) => {
      const before = (await repo.retentionDays(tx)) ?? DIAGNOSTICS_RETENTION_DEFAULT_DAYS;
      await repo.saveRetentionDays(tx, value.retentionDays, ctx.actor.userId);
      await audit(tx, ctx, {
        action: 'update',
        entity: 'setting',
        entityId: 'diagnosticsRetentionDays',
        summary: { diagnosticsRetentionDays: [before, value.retentionDays] },
      });
    });
    return value;
  }

  /**
   * Deletes diagnostics files kept longer than the retention period from the file store, and marks
   * their requests `expired`. Returns how many files were deleted. Open requests whose upload
   * login expired are closed as UploadFailed on the way.
   */
  async purgeExpired(): Promise<number> {
    const { retentionDays } = await this.retention();
    const now = this.deps.clock.now();
    const abandoned = await repo.closeAbandoned(this.deps.db, now);
    if (abandoned > 0) this.deps.log.info({ abandoned }, 'diagnostics requests whose upload window closed');
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    let deleted = 0;
    for (;;) {
      const files = await repo.filesStoredBefore(this.deps.db, before, PURGE_BATCH);
      if (files.length === 0) break;
      await this.removeFiles(this.deps.db, files, true);
      deleted += files.length;
      if (files.length < PURGE_BATCH) break;
    }
    if (deleted > 0) this.deps.log.info({ deleted, retentionDays }, 'expired diagnostics files deleted');
    return deleted;
  }

  /** Deletes stored files and their records (records first: a record never names a missing file for long). */
  async removeFiles(db: Db | Tx, files: { id: number; key: string }[], expire: boolean): Promise<void> {
    const ids = files.map((f) => f.id);
    await db.transaction(async (tx) => {
      if (expire) await repo.markExpired(tx, ids);
      await repo.deleteStoredFiles(tx, ids);
    });
    for (const f of files) {
      await this.deps.files.store.delete(f.key).catch((err: unknown) => {
        this.deps.log.warn({ err, key: f.key }, 'diagnostics file could not be deleted');
      });
    }
  }
}
