/**
 * # The file service: firmware downloads and diagnostics uploads for chargers
 *
 * OCPP 1.6 moves files out of band: UpdateFirmware gives the charger a URL to download from,
 * GetDiagnostics a URL to upload to. Voltline serves both itself, in the same process:
 *
 * - **Storage** (`file-store.ts`): a `FileStore` keeps files by key; `LocalFileStore` puts them
 *   under `DATA_DIR/files/` (`firmware/…`, `diagnostics/<charge point id>/<grant>/…`). Writes are
 *   atomic (temporary file, fsync, rename) and a failed write leaves nothing. Keys are checked, not
 *   cleaned: `..`, absolute paths, backslashes and NUL are refused.
 * - **Grants** (this file, table `file_grants`): each transfer gets its own short-lived FTP user
 *   and password, put in the URL Voltline sends. A download grant reads exactly one file; an
 *   upload grant writes only into its own folder, up to a size. Passwords are random and kept as
 *   SHA-256. `grantDownload` also returns a signed, expiring HTTP link (`links.ts`) for chargers
 *   that take http(s) URLs.
 * - **FTP** (`ftp-server.ts`, `ftp-fs.ts`): ftp-srv on `FTP_PORT` (2121; `off` disables it), with
 *   a virtual file system per login that shows the grant's file or folder and nothing else.
 * - **HTTP** (`files.routes.ts`): `GET|HEAD /files/<token>/<name>`, the token being the
 *   signature; 403 for a bad link, 410 for an expired one, 404 when the file is gone.
 * - **Records** (table `stored_files`): every uploaded file with its size and SHA-256;
 *   `onUploaded` tells the diagnostics feature when a charger's file arrives.
 *
 * Secrets never reach a log or an audit line: grants are audited by id, folder and expiry.
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import path from 'node:path/posix';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { audit } from '../audit/audit.service.js';
import { findInScope } from '../charge-points/charge-points.repository.js';
import { FileStoreError, normaliseKey, safeName, type FileInfo, type FileStore } from './file-store.js';
import * as repo from './files.repository.js';
import type { GrantRow, StoredFileRow } from './files.repository.js';
import type { LinkSigner } from './links.js';

export type Grant = GrantRow;
export type UploadedFile = StoredFileRow;

export interface DownloadGrant {
  grantId: number;
  /** `ftp://user:password@host:port/<name>`; null when FTP is off. */
  ftpUrl: string | null;
  /** `<PUBLIC_URL>/files/<signed token>/<name>`. */
  httpUrl: string;
  expiresAt: Date;
}

export interface UploadGrant {
  grantId: number;
  /** `ftp://user:password@host:port/`: the location of a GetDiagnostics request. */
  ftpUrl: string;
  /** The store folder the charger's files land in. */
  folder: string;
  expiresAt: Date;
}

export type LoginResult =
  { ok: true; grant: Grant } | { ok: false; reason: 'unknown' | 'password' | 'expired' };

export type LinkResult =
  { status: 'ok'; grant: Grant; file: FileInfo; name: string } | { status: 'invalid' | 'expired' | 'gone' };

export interface FilesDeps {
  db: Db;
  store: FileStore;
  clock: Clock;
  log: FastifyBaseLogger;
  links: LinkSigner;
  publicUrl: string;
  /** The address chargers are told (FTP_PUBLIC_HOST). */
  ftpHost: string;
  /** The default and largest upload allowance of a grant (FTP_MAX_UPLOAD_MB). */
  maxUploadBytes: number;
}

type UploadListener = (file: UploadedFile) => void | Promise<void>;

const MAX_TTL_SECONDS = 7 * 24 * 3600;
/** Expired grants are kept this long (for the charge point's record), then deleted. */
const KEEP_EXPIRED_MS = 7 * 24 * 3600_000;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

export class FilesService {
  private ftpPort: number | null = null;
  private readonly listeners = new Set<UploadListener>();

  constructor(private readonly deps: FilesDeps) {}

  get store(): FileStore {
    return this.deps.store;
  }

  /** At start, before any transfer. */
  async prepare(): Promise<void> {
    await this.deps.store.open?.();
  }

  /** Told by the FTP server once it listens (FTP_PORT=0 picks a port), and null once it closes. */
  setFtpPort(port: number | null): void {
    this.ftpPort = port;
  }

  /** A charger may download `fileKey` for `ttlSeconds`; with a user's `ctx`, checked against their reach and audited. */
  async grantDownload(
    chargePointId: string,
    fileKey: string,
    ttlSeconds: number,
    opts: { ctx?: Ctx } = {},
  ): Promise<DownloadGrant> {
    const key = this.checkedKey(fileKey);
    if (!(await this.deps.store.stat(key))) throw notFound('file');
    const { grant, password } = await this.createGrant('download', chargePointId, key, ttlSeconds, opts.ctx);
    const name = path.basename(key);
    const token = this.deps.links.sign(grant.username, grant.expiresAt, name);
    return {
      grantId: grant.id,
      ftpUrl: this.ftpUrl(grant.username, password, `/${encodeURIComponent(name)}`),
      httpUrl: `${this.deps.publicUrl}/files/${token}/${encodeURIComponent(name)}`,
      expiresAt: grant.expiresAt,
    };
  }

  /** A charger may upload into a folder of its own for `ttlSeconds`, up to `maxBytes` in all. */
  async grantUpload(
    chargePointId: string,
    ttlSeconds: number,
    opts: { maxBytes?: number; ctx?: Ctx } = {},
  ): Promise<UploadGrant> {
    if (this.ftpPort === null) throw new AppError(503, 'files.ftpOff');
    const maxBytes = Math.min(opts.maxBytes ?? this.deps.maxUploadBytes, this.deps.maxUploadBytes);
    const { grant, password } = await this.createGrant(
      'upload',
      chargePointId,
      (cp, username) => `diagnostics/${cp}/${username}`,
      ttlSeconds,
      opts.ctx,
      maxBytes,
    );
    const ftpUrl = this.ftpUrl(grant.username, password, '/');
    if (!ftpUrl) throw new AppError(503, 'files.ftpOff');
    return { grantId: grant.id, ftpUrl, folder: grant.fileKey, expiresAt: grant.expiresAt };
  }

  /** Called after each upload is stored and recorded; returns the function that stops it. */
  onUploaded(listener: UploadListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The FTP login: the grant whose user name and password these are, if it has not expired. */
  async login(username: string, password: string): Promise<LoginResult> {
    const grant = /^[a-z0-9]{1,40}$/.test(username)
      ? await repo.grantByUsername(this.deps.db, username)
      : null;
    // Compared in constant time even for an unknown user, so timing tells nothing.
    const expected = Buffer.from(grant?.passwordHash ?? '0'.repeat(64), 'hex');
    const matches = timingSafeEqual(expected, hashSecret(password)) && grant !== null;
    if (!grant) return { ok: false, reason: 'unknown' };
    if (!matches) return { ok: false, reason: 'password' };
    if (!this.usable(grant)) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  usable(grant: Grant): boolean {
    return grant.expiresAt.getTime() > this.deps.clock.now().getTime();
  }

  /** The file of a download grant, from byte `start` on. */
  openDownload(grant: Grant, start?: number): Promise<Readable> {
    return this.deps.store.get(grant.fileKey, start ? { start } : {});
  }

  async recordDownload(grant: Grant, bytes: number): Promise<void> {
    await repo.countUse(this.deps.db, grant.id, bytes, this.deps.clock.now());
  }

  /**
   * Stores a charger's upload under its grant's folder: refused past the grant's remaining
   * allowance, and kept only once its record is written (else it is deleted again).
   */
  async storeUpload(grant: Grant, name: string, source: Readable): Promise<UploadedFile> {
    if (grant.kind !== 'upload' || safeName(name) === null) {
      source.destroy();
      throw new FileStoreError('badKey', `Not an acceptable file name: ${JSON.stringify(name)}`);
    }
    const current = await repo.grantByUsername(this.deps.db, grant.username);
    const remaining = (grant.maxBytes ?? this.deps.maxUploadBytes) - (current?.bytes ?? 0);
    const key = `${grant.fileKey}/${name}`;
    const stored = await this.deps.store.put(key, source, { maxBytes: Math.max(remaining, 0) });
    let file: UploadedFile;
    try {
      file = await this.deps.db.transaction(async (tx) => {
        const row = await repo.saveStoredFile(tx, {
          kind: 'diagnostics',
          key: stored.key,
          name,
          size: stored.size,
          sha256: stored.sha256,
          operatorId: grant.operatorId,
          chargePointId: grant.chargePointId,
          grantId: grant.id,
        });
        await repo.countUse(tx, grant.id, stored.size, this.deps.clock.now());
        return row;
      });
    } catch (err) {
      await this.deps.store.delete(stored.key).catch(() => undefined);
      throw err;
    }
    this.deps.log.info(
      { chargePoint: grant.chargePointId, key: file.key, size: file.size },
      'file uploaded by a charger',
    );
    for (const listener of this.listeners) {
      void Promise.resolve()
        .then(() => listener(file))
        .catch((err: unknown) => this.deps.log.error({ err, key: file.key }, 'upload listener failed'));
    }
    return file;
  }

  /** What a signed HTTP link gives: its file, or why not. */
  async resolveLink(token: string, name: string): Promise<LinkResult> {
    const signed = this.deps.links.verify(token, name);
    if (!signed) return { status: 'invalid' };
    const now = this.deps.clock.now().getTime();
    if (signed.expiresAt.getTime() <= now) return { status: 'expired' };
    const grant = await repo.grantByUsername(this.deps.db, signed.username);
    if (!grant || grant.kind !== 'download' || path.basename(grant.fileKey) !== name) {
      return { status: 'invalid' };
    }
    if (!this.usable(grant)) return { status: 'expired' };
    const file = await this.deps.store.stat(grant.fileKey);
    return file ? { status: 'ok', grant, file, name } : { status: 'gone' };
  }

  private checkedKey(fileKey: string): string {
    try {
      return normaliseKey(fileKey);
    } catch {
      throw badRequest('files.badName');
    }
  }

  private async createGrant(
    kind: 'download' | 'upload',
    chargePointId: string,
    fileKey: string | ((cp: number, username: string) => string),
    ttlSeconds: number,
    ctx: Ctx | undefined,
    maxBytes?: number,
  ): Promise<{ grant: Grant; password: string }> {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TTL_SECONDS) {
      throw new RangeError(`a grant lives 1 s to 7 days, not ${ttlSeconds} s`);
    }
    const cp = await findInScope(this.deps.db, ctx?.actor ?? null, chargePointId);
    if (!cp) throw notFound('chargePoint');
    const username = `vl${randomBytes(8).toString('hex')}`;
    const password = randomBytes(16).toString('hex');
    const now = this.deps.clock.now();
    const key = typeof fileKey === 'string' ? fileKey : fileKey(cp.id, username);
    const grant = await this.deps.db.transaction(async (tx) => {
      await repo.purgeGrantsBefore(tx, new Date(now.getTime() - KEEP_EXPIRED_MS));
      const row = await repo.insertGrant(tx, {
        kind,
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        fileKey: key,
        username,
        passwordHash: hashSecret(password).toString('hex'),
        maxBytes: maxBytes ?? null,
        expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
        createdBy: ctx?.actor.userId ?? null,
      });
      if (ctx) {
        await audit(tx, ctx, {
          action: kind === 'download' ? 'file.grantDownload' : 'file.grantUpload',
          entity: 'chargePoint',
          entityId: cp.chargePointId,
          summary: { grant: row.id, file: key, expiresAt: row.expiresAt.toISOString(), maxBytes },
        });
      }
      return row;
    });
    return { grant, password };
  }

  private ftpUrl(username: string, password: string, filePath: string): string | null {
    if (this.ftpPort === null) return null;
    const host = this.deps.ftpHost.includes(':') ? `[${this.deps.ftpHost}]` : this.deps.ftpHost;
    return `ftp://${username}:${password}@${host}:${this.ftpPort}${filePath}`;
  }
}
