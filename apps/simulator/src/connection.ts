import { RPCClient, createRPCError } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client.js';
import type { Ocpp } from '@voltline/contract';

export interface ConnectionOptions {
  url: string;
  id: string;
  /** Bytes after an AuthorizationKey change (a hex-decoded key need not be text). */
  password?: string | Buffer;
  /** HTTP Basic user name; defaults to the charger id (OCPP security profile 1). */
  basicAuthUser?: string;
  callTimeoutMs: number;
  /** WebSocket ping interval; 0 leaves keep-alive to the central system (cheaper for big fleets). */
  pingIntervalMs: number;
  /** TLS (wss://): trusted server CAs, and a client certificate for security profile 3. */
  tls?: TlsOptions | undefined;
  /** False: no Basic-auth header at all (security profile 3 authenticates by certificate). */
  basicAuth?: boolean;
  /** WebSocket subprotocol, whose official schemas validate every frame. Default ocpp1.6. */
  protocol?: 'ocpp1.6' | 'ocpp2.0.1';
}

export interface TlsOptions {
  ca?: string | Buffer | undefined;
  cert?: string | undefined;
  key?: string | undefined;
}

/** Handles an inbound CALL; throwing an RPCError sends it back as a CALLERROR. */
export type InboundHandler = (action: string, payload: unknown) => Promise<object>;

/**
 * Typed face of one OCPP WebSocket (1.6J by default, or 2.0.1), validated in strict mode against the
 * official schemas of its subprotocol.
 */
export class Connection {
  private client: RPCClient | undefined;
  private openNow = false;
  private openListener: () => void = () => undefined;
  private closeListener: (code: number | undefined, reason: string) => void = () => undefined;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly inbound: InboundHandler,
  ) {}

  get isOpen(): boolean {
    return this.openNow;
  }

  onOpen(listener: () => void): void {
    this.openListener = listener;
  }

  onClose(listener: (code: number | undefined, reason: string) => void): void {
    this.closeListener = listener;
  }

  /** Opens the socket; rejects when the attempt fails (a 'close' is reported either way). */
  async open(): Promise<void> {
    const client = this.client ?? this.createClient();
    await client.connect();
  }

  async call<A extends Ocpp.OcppAction>(
    action: A,
    payload: Ocpp.OcppRequests[A],
  ): Promise<Ocpp.OcppResponses[A]> {
    if (!this.client || !this.openNow) throw new Error('offline');
    return (await this.client.call(action, payload)) as Ocpp.OcppResponses[A];
  }

  /** A CALL of whatever protocol the socket speaks; the caller types the answer. */
  async request(action: string, payload: object): Promise<unknown> {
    if (!this.client || !this.openNow) throw new Error('offline');
    return await this.client.call(action, payload);
  }

  /**
   * Closes the socket: gracefully, or abruptly like a pulled network cable. `awaitPending` lets the
   * answers in flight arrive first (a planned close), instead of failing them.
   */
  async close(force = false, awaitPending = false): Promise<void> {
    const client = this.client;
    if (!client) return;
    await client.close(force ? { force: true } : { code: 1000, reason: 'Charger closing', awaitPending });
  }

  /** The Basic-auth password of the next connection (the open one keeps the header it was opened with). */
  setPassword(password: string | Buffer): void {
    this.options.password = password;
    this.client?.reconfigure({ headers: this.headers() } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
  }

  /** The central system's URL (without the charger id) of the next connection. */
  setEndpoint(url: string): void {
    this.options.url = url;
    this.client?.reconfigure({
      endpoint: url.replace(/\/+$/, ''),
    } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
  }

  /** The transport of the next connection: TLS material and whether Basic auth is sent. */
  setTransport(tls: TlsOptions | undefined, basicAuth: boolean): void {
    this.options.tls = tls;
    this.options.basicAuth = basicAuth;
    this.client?.reconfigure({
      headers: this.headers(),
      wsOpts: this.wsOpts(),
    } as Partial<RPC_ClientOptions> as RPC_ClientOptions);
  }

  private wsOpts(): Record<string, unknown> {
    const tls = this.options.tls;
    return tls ? { ca: tls.ca, cert: tls.cert, key: tls.key } : {};
  }

  private headers(): Record<string, string> {
    const { id, password, basicAuthUser } = this.options;
    if (password === undefined || this.options.basicAuth === false) return {};
    const secret = typeof password === 'string' ? Buffer.from(password, 'utf8') : password;
    const credentials = Buffer.concat([Buffer.from(`${basicAuthUser ?? id}:`, 'utf8'), secret]);
    return { authorization: `Basic ${credentials.toString('base64')}` };
  }

  private createClient(): RPCClient {
    const { id, url } = this.options;
    const headers = this.headers();
    const options: Partial<RPC_ClientOptions> = {
      endpoint: url.replace(/\/+$/, ''),
      identity: id,
      protocols: [this.options.protocol ?? 'ocpp1.6'],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: this.options.callTimeoutMs,
      pingIntervalMs: this.options.pingIntervalMs,
      headers,
      wsOpts: this.wsOpts(),
    };
    const client = new RPCClient(options as RPC_ClientOptions);
    client.on('open', () => {
      this.openNow = true;
      this.openListener();
    });
    client.on('close', (event: { code?: number; reason?: unknown }) => {
      this.openNow = false;
      this.closeListener(event.code, typeof event.reason === 'string' ? event.reason : '');
    });
    client.handle(async ({ method, params }) => {
      if (typeof method !== 'string') throw rpcError('FormationViolation', 'Missing action');
      return (await this.inbound(method, params)) as Record<string, never>;
    });
    this.client = client;
    return client;
  }
}

/** True when the central system answered with a CALLERROR (or our payload failed validation). */
export function isRpcError(err: unknown): boolean {
  // ocpp-rpc's CommonJS index re-exports its error classes by object spread, which ESM cannot import by name.
  return typeof err === 'object' && err !== null && 'rpcErrorCode' in err;
}

/** ocpp-rpc's error factory is typed as returning a plain record; it returns an RPCError instance. */
export function rpcError(type: string, message: string): Error {
  return createRPCError(type, message) as unknown as Error;
}

export function notImplemented(action: string): Error {
  return rpcError('NotImplemented', `${action} is not implemented by this charger`);
}
