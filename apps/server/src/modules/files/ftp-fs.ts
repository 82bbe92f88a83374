import type { Socket } from 'node:net';
import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { FtpConnection } from 'ftp-srv';
import { FileStoreError, safeName } from './file-store.js';
import type { FilesService, Grant, UploadedFile } from './files.service.js';

/** A data connection with no byte either way for this long is dropped (the charger is gone). */
export const DATA_IDLE_MS = 60_000;
/** A logged-in control connection with no command for this long, outside a transfer, is closed. */
export const CONTROL_IDLE_MS = 120_000;
/**
 * How long a finished upload waits before it is kept, to hear whether the charger's control
 * connection went down with its data connection: a client that dies closes both, and FTP marks
 * the end of a file only by closing the data connection, so that half-sent file would look whole.
 */
const COMMIT_GRACE_MS = 100;

export interface FtpFsOptions {
  dataIdleMs?: number;
  controlIdleMs?: number;
}

/** The stat ftp-srv lists and sizes with. */
interface Entry {
  name: string;
  size: number;
  mtime: Date;
  mode: number;
  isDirectory(): boolean;
}

const folder = (): Entry => ({ name: '.', size: 0, mtime: new Date(), mode: 0o555, isDirectory: () => true });
const file = (name: string, size: number, mtime: Date): Entry => ({
  name,
  size,
  mtime,
  mode: 0o444,
  isDirectory: () => false,
});

const refuse = (message: string) => new Error(message);
const noSuchFile = () => refuse('No such file.');

/**
 * A path a client sent, inside the grant's one virtual folder: '' for the folder itself, else a
 * file name. `..`, backslashes, NUL and sub-folders are refused outright.
 */
function nameIn(arg: string | undefined): string {
  const p = arg ?? '.';
  if (p.includes('\0') || p.includes('\\')) throw refuse('Path not allowed.');
  const parts = p.split('/').filter((s) => s !== '' && s !== '.');
  if (parts.includes('..')) throw refuse('Path not allowed: ".." leads nowhere here.');
  if (parts.length > 1) throw noSuchFile();
  return parts[0] ?? '';
}

/**
 * What one FTP login sees: the folder of its grant, nothing above it. ftp-srv calls these for
 * LIST, SIZE, CWD, RETR, STOR, ...; the commands a grant may not use are also off its whitelist.
 */
abstract class GrantFs {
  readonly root = '/';
  cwd = '/';

  constructor(
    readonly connection: FtpConnection,
    protected readonly files: FilesService,
    protected readonly grant: Grant,
    protected readonly log: FastifyBaseLogger,
    protected readonly timing: Required<FtpFsOptions>,
  ) {}

  currentDirectory(): string {
    return this.cwd;
  }

  chdir(p?: string): Promise<string> {
    if (nameIn(p) !== '') return Promise.reject(refuse('No such folder.'));
    return Promise.resolve('/');
  }

  protected checkUsable(): void {
    if (!this.files.usable(this.grant)) throw refuse('These credentials have expired.');
  }

  /** Transfers keep the control connection open however long they take; idle again afterwards. */
  protected transferring(stream: {
    once(event: 'close', listener: () => void): unknown;
  }): Socket | undefined {
    const control = (this.connection as unknown as { commandSocket?: Socket }).commandSocket;
    const data = (this.connection as unknown as { connector?: { socket?: Socket } }).connector?.socket;
    control?.setTimeout(0);
    data?.setTimeout(this.timing.dataIdleMs, () => data.destroy(new Error('Data connection idle.')));
    stream.once('close', () => {
      if (control && !control.destroyed) control.setTimeout(this.timing.controlIdleMs);
    });
    return data;
  }

  write(_name: string, _opts?: unknown): unknown {
    throw refuse('Not allowed: these credentials only download.');
  }
  read(_name: string, _opts?: unknown): Promise<unknown> {
    return Promise.reject(refuse('Not allowed: these credentials only upload.'));
  }
  delete(): Promise<never> {
    return Promise.reject(refuse('Not allowed.'));
  }
  mkdir(): Promise<never> {
    return Promise.reject(refuse('Not allowed.'));
  }
  rename(): Promise<never> {
    return Promise.reject(refuse('Not allowed.'));
  }
  chmod(): Promise<never> {
    return Promise.reject(refuse('Not allowed.'));
  }
  getUniqueName(): string {
    throw refuse('Not allowed.');
  }
}

/** A download grant: one file, listed, sized and read; nothing else exists. */
export class DownloadFs extends GrantFs {
  private readonly name = this.grant.fileKey.split('/').pop() ?? '';

  private async entry(): Promise<Entry> {
    const info = await this.files.store.stat(this.grant.fileKey);
    if (!info) throw noSuchFile();
    return file(this.name, info.size, info.modifiedAt);
  }

  async get(p?: string): Promise<Entry> {
    const name = nameIn(p);
    if (name === '') return folder();
    if (name !== this.name) throw noSuchFile();
    return this.entry();
  }

  async list(p?: string): Promise<Entry[]> {
    if (nameIn(p) !== '') throw refuse('No such folder.');
    return [await this.entry()];
  }

  override async read(
    p: string,
    opts: { start?: number } = {},
  ): Promise<{ stream: Readable; clientPath: string }> {
    this.checkUsable();
    if (nameIn(p) !== this.name) throw noSuchFile();
    const source = await this.files.openDownload(this.grant, opts.start);
    let bytes = 0;
    // ftp-srv reads this stream itself; counting in a transform leaves it paused until then.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    counted.on('error', () => undefined);
    source.once('error', (err) => counted.destroy(err));
    counted.once('close', () => source.destroy());
    counted.once('end', () => {
      this.log.info({ ftpUser: this.grant.username, bytes }, 'FTP download served');
      void this.files.recordDownload(this.grant, bytes).catch((err: unknown) => {
        this.log.error({ err }, 'recording an FTP download failed');
      });
    });
    source.pipe(counted);
    const data = this.transferring(counted);
    data?.once('close', () => {
      if (!counted.readableEnded) counted.destroy(interrupted());
    });
    return { stream: counted, clientPath: `/${this.name}` };
  }
}

/** An upload grant: its own folder, written whole files at a time and listed; no reading back. */
export class UploadFs extends GrantFs {
  private async uploaded(): Promise<Entry[]> {
    const found = await this.files.store.list(this.grant.fileKey);
    return found.map((f) => file(f.key.split('/').pop() ?? '', f.size, f.modifiedAt));
  }

  async get(p?: string): Promise<Entry> {
    const name = nameIn(p);
    if (name === '') return folder();
    const hit = (await this.uploaded()).find((e) => e.name === name);
    if (!hit) throw noSuchFile();
    return hit;
  }

  async list(p?: string): Promise<Entry[]> {
    if (nameIn(p) !== '') throw refuse('No such folder.');
    return this.uploaded();
  }

  override write(p: string, opts: { append?: boolean; start?: number } = {}) {
    this.checkUsable();
    if (opts.append || opts.start) {
      throw refuse('Appending and resuming are not supported: send the whole file again.');
    }
    const name = nameIn(p);
    if (name === '' || safeName(name) === null) throw refuse('Not an acceptable file name.');
    const control = (this.connection as unknown as { commandSocket?: Socket }).commandSocket;
    const body = new PassThrough();
    const writer = new UploadWriter(body, this.files.storeUpload(this.grant, name, body), control);
    const data = this.transferring(writer);
    // ftp-srv pauses the control connection during a transfer; listening on it again is how a
    // charger that died mid-upload is noticed (its control connection closes with the data one).
    control?.resume();
    data?.once('close', () => {
      if (!writer.writableEnded && !writer.destroyed) writer.destroy(interrupted());
    });
    writer.stored
      .then((f) =>
        this.log.info({ ftpUser: this.grant.username, key: f.key, size: f.size }, 'FTP upload stored'),
      )
      .catch((err: unknown) =>
        this.log.warn(
          { ftpUser: this.grant.username, reason: (err as Error).message },
          'FTP upload not kept',
        ),
      );
    return { stream: writer, clientPath: `/${name}` };
  }
}

const interrupted = () =>
  new FileStoreError('interrupted', 'The transfer was interrupted before the file was complete.');

/**
 * The stream ftp-srv writes an upload into. Its bytes go on to the file store, which commits the
 * file only when this stream ends normally; destroyed for any reason, the store drops the file.
 */
class UploadWriter extends Writable {
  constructor(
    private readonly body: PassThrough,
    readonly stored: Promise<UploadedFile>,
    private readonly control: Socket | undefined,
  ) {
    super();
    // ftp-srv listens for errors only once it has the stream; this one keeps an early failure from
    // being an unhandled 'error' event.
    this.on('error', () => undefined);
    // The store reports what went wrong with the body through `stored`.
    this.body.on('error', () => undefined);
    this.stored.catch((err: unknown) => this.destroy(err as Error));
    // ftp-srv ends an upload by emitting 'close' on a stream that has close listeners (piping adds
    // one) instead of calling end(): end it then, so the file is committed.
    this.once('close', () => {
      if (!this.writableEnded && !this.destroyed) this.end();
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (this.body.write(chunk)) done();
    else this.body.once('drain', () => done());
  }

  override _final(done: (err?: Error | null) => void): void {
    setTimeout(() => {
      if (this.control?.destroyed) {
        const err = interrupted();
        this.body.destroy(err);
        done(err);
        return;
      }
      this.body.end();
      this.stored.then(
        () => done(),
        (err: unknown) => done(err as Error),
      );
    }, COMMIT_GRACE_MS);
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    if (!this.body.writableFinished) this.body.destroy(err ?? interrupted());
    done(err);
  }
}
