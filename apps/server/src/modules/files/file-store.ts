import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What went wrong with a file, in words a charger's log or a user can act on. */
export type FileStoreFailure = 'badKey' | 'notFound' | 'tooLarge' | 'diskFull' | 'interrupted';

export class FileStoreError extends Error {
  constructor(
    readonly reason: FileStoreFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FileStoreError';
  }
}

export interface StoredObject {
  key: string;
  size: number;
  sha256: string;
}

export interface FileInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where Voltline keeps files (firmware images, chargers' diagnostics), by key: a relative path of
 * plain names such as `firmware/abb-1.2.zip`. One interface, so an S3-compatible store can take the
 * local disk's place. A file is there whole or not at all: `put` commits atomically, and a failed
 * or refused write (too large, disk full, the sender gone) leaves nothing behind.
 */
export interface FileStore {
  /** Stores the stream under `key`, replacing any file there; refuses past `maxBytes`. */
  put(key: string, source: Readable, opts?: { maxBytes?: number }): Promise<StoredObject>;
  /** The file's bytes from `start` (inclusive) to `end` (inclusive); FileStoreError notFound if absent. */
  get(key: string, opts?: { start?: number; end?: number }): Promise<Readable>;
  stat(key: string): Promise<FileInfo | null>;
  /** True when a file was there. */
  delete(key: string): Promise<boolean>;
  /** Every file under a folder key (recursively), or under the root with ''. */
  list(prefix: string): Promise<FileInfo[]>;
  /** Made ready at start: folders created, what a crashed process left half-written removed. */
  open?(): Promise<unknown>;
}

const MAX_KEY_LENGTH = 512;
const MAX_NAME_BYTES = 255;

/**
 * One path segment a charger or a user may name: no separators, no `.`/`..`, no leading dot (the
 * store's own temporary folder is `.tmp`), no control characters, at most 255 bytes. Null if unfit.
 */
export function safeName(name: string): string | null {
  if (name.length === 0 || Buffer.byteLength(name) > MAX_NAME_BYTES) return null;
  if (name.startsWith('.') || /[/\\]/.test(name)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x1f\x7f]/.test(name)) return null;
  if (name !== name.trim()) return null;
  return name;
}

/**
 * A key as the store accepts it: relative, `/`-separated safe names. Anything else — `..`, an
 * absolute path, a backslash, NUL — is refused rather than cleaned up, so no trick is half-taken.
 */
export function normaliseKey(key: string): string {
  const bad = () => new FileStoreError('badKey', `Not an acceptable file path: ${JSON.stringify(key)}`);
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || key.startsWith('/')) throw bad();
  const parts = key.split('/');
  if (parts.some((p) => safeName(p) === null)) throw bad();
  return parts.join('/');
}

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Disk-full errors (no space, quota) become one refusal; everything else passes unchanged. */
function storageError(err: unknown): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new FileStoreError('diskFull', 'The server has no space left to store this file.', { cause: err });
  }
  if (err instanceof FileStoreError) return err;
  const name = (err as Error | undefined)?.name;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || name === 'AbortError') {
    return new FileStoreError('interrupted', 'The transfer was interrupted before the file was complete.', {
      cause: err,
    });
  }
  return err;
}

/** Counts and hashes what passes, and fails the stream once it goes past the limit. */
function meter(maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(new FileStoreError('tooLarge', `The file is larger than the ${maxBytes} bytes allowed.`));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/** A temporary file older than this at start belongs to a process that died mid-write. */
const STALE_TEMP_MS = 24 * 3600_000;

/** Files on the local disk under `root` (DATA_DIR/files): `firmware/`, `diagnostics/<charge point>/`. */
export class LocalFileStore implements FileStore {
  readonly root: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmp = path.join(this.root, '.tmp');
  }

  /** Creates the folders and removes what a crashed process left half-written. */
  async open(now = new Date()): Promise<this> {
    await mkdir(this.tmp, { recursive: true });
    for (const name of await readdir(this.tmp)) {
      const file = path.join(this.tmp, name);
      const info = await stat(file).catch(() => null);
      if (info && now.getTime() - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
    }
    return this;
  }

  /** The file's path on disk, checked again after resolving: it must lie under the root. */
  private pathOf(key: string): string {
    const full = path.resolve(this.root, ...normaliseKey(key).split('/'));
    if (!full.startsWith(this.root + path.sep)) {
      throw new FileStoreError('badKey', `Not an acceptable file path: ${JSON.stringify(key)}`);
    }
    return full;
  }

  async put(key: string, source: Readable, opts: { maxBytes?: number } = {}): Promise<StoredObject> {
    let target: string;
    try {
      target = this.pathOf(key);
    } catch (err) {
      source.destroy();
      throw err;
    }
    const temp = path.join(this.tmp, `${randomUUID()}.part`);
    const counted = meter(opts.maxBytes ?? Number.MAX_SAFE_INTEGER);
    try {
      await mkdir(this.tmp, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      // `flush`: on disk (fsync) before it gets its name, so after a crash the file is whole or absent.
      const out = createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true });
      await pipeline(source, counted.stream, out);
      await rename(temp, target);
      await syncFolder(path.dirname(target));
      return { key: normaliseKey(key), ...counted.result() };
    } catch (err) {
      source.destroy();
      await rm(temp, { force: true }).catch(() => undefined);
      throw storageError(err);
    }
  }

  async get(key: string, opts: { start?: number; end?: number } = {}): Promise<Readable> {
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (isNotFound(err)) throw new FileStoreError('notFound', 'No such file.');
      throw err;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw new FileStoreError('notFound', 'No such file.');
    }
    return handle.createReadStream({ start: opts.start, end: opts.end });
  }

  async stat(key: string): Promise<FileInfo | null> {
    const info = await stat(this.pathOf(key)).catch((err: unknown) => {
      if (isNotFound(err)) return null;
      throw err;
    });
    return info?.isFile() ? toInfo(normaliseKey(key), info) : null;
  }

  async delete(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    const existed = (await this.stat(key)) !== null;
    await rm(file, { force: true });
    return existed;
  }

  async list(prefix: string): Promise<FileInfo[]> {
    const folder = prefix === '' ? this.root : this.pathOf(prefix);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
      if (isNotFound(err)) return [];
      throw err;
    });
    const found: FileInfo[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (key.startsWith('.tmp/')) continue;
      const info = await stat(full).catch(() => null);
      if (info) found.push(toInfo(key, info));
    }
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }
}

function toInfo(key: string, info: Stats): FileInfo {
  return { key, size: info.size, modifiedAt: info.mtime };
}

/** Makes a rename durable: the folder's entry is flushed too (not every file system allows it). */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}
