import { lookup } from 'node:dns/promises';
import type { EventEmitter } from 'node:events';
import { isIPv4 } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { FtpSrv, type FileSystem, type FtpConnection } from 'ftp-srv';
import type { FtpConfig } from '../../config.js';
import type { FilesService } from './files.service.js';
import { CONTROL_IDLE_MS, DATA_IDLE_MS, DownloadFs, UploadFs, type FtpFsOptions } from './ftp-fs.js';

/** Commands any login needs: session, transfer mode, passive/active data connections, listing. */
const COMMON = ['USER', 'PASS', 'SYST', 'FEAT', 'OPTS', 'TYPE', 'MODE', 'STRU', 'NOOP', 'QUIT', 'HELP'];
const BROWSE = [
  'PWD',
  'XPWD',
  'CWD',
  'XCWD',
  'LIST',
  'NLST',
  'SIZE',
  'MDTM',
  'PASV',
  'EPSV',
  'PORT',
  'EPRT',
  'ABOR',
];
/** A download grant reads (and may resume a read); an upload grant stores. Nothing deletes or renames. */
const WHITELIST = {
  download: [...COMMON, ...BROWSE, 'RETR', 'REST'],
  upload: [...COMMON, ...BROWSE, 'STOR', 'ALLO'],
} as const;

export interface FtpServerOptions extends FtpFsOptions {
  files: FilesService;
  config: FtpConfig;
  /** The interface to listen on (HOST). */
  host: string;
  log: FastifyBaseLogger;
}

/** ftp-srv logs like bunyan; its chatter goes to debug, and its trace (raw commands, PASS included) nowhere. */
function quiet(log: FastifyBaseLogger): object {
  const debug = (...args: unknown[]) => log.debug(...(args as [string]));
  return {
    child: (bindings: Record<string, unknown>) => quiet(log.child(bindings)),
    trace: () => undefined,
    debug,
    info: debug,
    warn: debug,
    error: debug,
    fatal: (...args: unknown[]) => log.error(...(args as [string])),
  };
}

interface ControlSocket {
  setTimeout(ms: number): void;
  once(event: 'close', listener: () => void): void;
}

/** Replies with the code and text, then closes (ftp-srv's typings call the text a number). */
const closeWith = (connection: FtpConnection, code: number, text: string) =>
  Promise.resolve(
    (connection as unknown as { close(code: number, text: string): Promise<unknown> }).close(code, text),
  ).catch(() => undefined);

const isLoopback = (ip: string) => /^(::ffff:)?127\./.test(ip) || ip === '::1';

/**
 * The address a PASV reply gives (IPv4 only, by the protocol): loopback for a local client, else
 * FTP_PUBLIC_HOST, resolved when it is a name. EPSV, which most clients try first, needs none.
 */
async function passiveAddress(publicHost: string, clientIp: string): Promise<string> {
  if (isLoopback(clientIp)) return '127.0.0.1';
  if (isIPv4(publicHost)) return publicHost;
  const { address } = await lookup(publicHost, { family: 4 });
  return address;
}

/**
 * The built-in FTP server: ftp-srv with one virtual file system per login, made from the grant
 * whose credentials the charger was sent. Start it after the HTTP server, close it before.
 */
export class FilesFtpServer {
  private server: FtpSrv | null = null;
  /** Open control connections by client address. */
  private readonly perAddress = new Map<string, number>();
  private readonly loggedIn = new WeakSet<FtpConnection>();

  constructor(private readonly o: FtpServerOptions) {}

  /** Listens on the configured port (0: any free one) and tells the file service where. */
  async listen(): Promise<number> {
    const { config, host, log, files } = this.o;
    const timing = {
      dataIdleMs: this.o.dataIdleMs ?? DATA_IDLE_MS,
      controlIdleMs: this.o.controlIdleMs ?? CONTROL_IDLE_MS,
    };
    const signals = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;
    const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
    const wrapped = host.includes(':') ? `[${host}]` : host;
    const server = new FtpSrv({
      url: `ftp://${wrapped}:${config.port ?? 0}`,
      pasv_min: config.passive?.min ?? 0,
      pasv_max: config.passive?.max ?? 0,
      pasv_url: ((clientIp: string) => passiveAddress(config.publicHost, clientIp)) as unknown as string,
      greeting: 'Voltline file service',
      anonymous: false,
      log: quiet(log),
    });
    // ftp-srv exits the process on SIGTERM/SIGINT by itself; main.ts closes everything in order.
    for (const s of signals) {
      for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.off(s, l);
    }
    const raw = (server as unknown as { server: Server }).server;
    // Events ftp-srv emits that its typings leave out.
    const events = server as unknown as EventEmitter;
    events.on('connect', ({ connection }: { connection: FtpConnection }) => {
      const control = (connection as unknown as { commandSocket?: ControlSocket }).commandSocket;
      control?.setTimeout(timing.controlIdleMs);
      if (control) this.limitConnection(connection, control);
    });
    server.on('login', ({ connection, username, password }, resolve, reject) => {
      files.login(username, password).then(
        (result) => {
          if (!result.ok) {
            log.warn(
              { ftpUser: username.slice(0, 40), ip: connection.ip, reason: result.reason },
              'FTP login refused',
            );
            reject(
              new Error(
                result.reason === 'expired'
                  ? 'Login incorrect: these credentials have expired.'
                  : 'Login incorrect.',
              ),
            );
            return;
          }
          const { grant } = result;
          this.loggedIn.add(connection);
          log.info({ ftpUser: username, ip: connection.ip, grant: grant.id, kind: grant.kind }, 'FTP login');
          const Fs = grant.kind === 'download' ? DownloadFs : UploadFs;
          const fs = new Fs(connection, files, grant, log, timing) as unknown as FileSystem;
          resolve({ fs, whitelist: [...WHITELIST[grant.kind === 'download' ? 'download' : 'upload']] });
        },
        (err: unknown) => {
          log.error({ err }, 'FTP login failed');
          reject(new Error('Login failed: try again later.'));
        },
      );
    });
    events.on('server-error', ({ error }: { error: Error }) => log.error({ err: error }, 'FTP server error'));
    server.on('client-error', ({ context, error }: { context: string; error: Error }) =>
      log.debug({ context, reason: error.message }, 'FTP client error'),
    );
    try {
      await server.listen();
    } catch (err) {
      await Promise.resolve(server.close()).catch(() => undefined);
      const code = (err as NodeJS.ErrnoException).code;
      throw new Error(
        code === 'EADDRINUSE'
          ? `FTP_PORT ${config.port}: the port is in use; set FTP_PORT to a free port, or off`
          : `FTP server could not start: ${(err as Error).message}`,
        { cause: err },
      );
    }
    this.server = server;
    const port = (raw.address() as AddressInfo).port;
    files.setFtpPort(port);
    return port;
  }

  /**
   * A connection must log in within FTP_LOGIN_TIMEOUT_SECONDS, and one address holds at most
   * FTP_MAX_CONNECTIONS_PER_ADDRESS: idle unauthenticated connections used to stay open for the
   * control idle time (two minutes), as many as anyone opened.
   */
  private limitConnection(connection: FtpConnection, control: ControlSocket) {
    const { loginTimeoutMs, maxConnectionsPerAddress } = this.o.config;
    const ip = connection.ip ?? '';
    const held = (this.perAddress.get(ip) ?? 0) + 1;
    this.perAddress.set(ip, held);
    const timer = setTimeout(() => {
      if (this.loggedIn.has(connection)) return;
      this.o.log.info({ ip }, 'FTP connection closed: no login in time');
      void closeWith(connection, 421, 'Login timeout: closing connection.');
    }, loginTimeoutMs);
    timer.unref();
    control.once('close', () => {
      clearTimeout(timer);
      const left = (this.perAddress.get(ip) ?? 1) - 1;
      if (left > 0) this.perAddress.set(ip, left);
      else this.perAddress.delete(ip);
    });
    if (held > maxConnectionsPerAddress) {
      this.o.log.warn({ ip, held: held - 1 }, 'FTP connection refused: too many from this address');
      void closeWith(connection, 421, 'Too many connections from this address: try again later.');
    }
  }

  /** Disconnects every FTP client (an upload in flight is dropped, not kept) and stops listening. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.o.files.setFtpPort(null);
    await server.close();
  }
}
