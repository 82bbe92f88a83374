import type { AddressInfo } from 'node:net';
import type { Ocpp201 } from '@voltline/contract';
import { RPCServer } from 'ocpp-rpc';
import type RpcServerClient from 'ocpp-rpc/lib/server-client.js';
import type { Received } from '../test-server.js';

type Responder = (identity: string, payload: Record<string, unknown>) => object;
type Requests = Ocpp201.OcppRequests;
type Responses = Ocpp201.OcppResponses;

/**
 * A small OCPP 2.0.1 CSMS (ocpp-rpc in strict mode on the 2.0.1 schemas) for the simulator's tests:
 * it answers what stations send, records every message, and sends requests to connected stations.
 * Every frame in both directions is validated against the official schemas.
 */
export class TestCsms201 {
  readonly received: Received[] = [];
  readonly clients = new Map<string, RpcServerClient>();
  /** Each handshake's identity and Basic-auth password. */
  readonly handshakes: Array<{ identity: string; password: string | undefined }> = [];
  bootStatus: Responses['BootNotification']['status'] = 'Accepted';
  /** Heartbeat interval, or the retry interval of a Pending or Rejected boot. */
  interval = 300;
  rejectTokens = new Set<string>();
  /** token → its group, answered as a Central groupIdToken. */
  groups = new Map<string, string>();
  /** Answer nothing to TransactionEvents while true (the answer "does not arrive"). */
  silentTransactionEvents = false;
  private readonly waiters = new Set<() => void>();
  private readonly responders = new Map<string, Responder>();
  /** identity → the subprotocol its connection speaks. */
  readonly protocols = new Map<string, string>();
  private readonly server: RPCServer;
  url = '';

  /**
   * `alsoOcpp16`: a mixed fleet's endpoint, which also accepts ocpp1.6 (boot, heartbeat and status
   * answers have the same shape in both protocols; nothing else is answered for 1.6).
   */
  constructor(options: { alsoOcpp16?: boolean } = {}) {
    this.server = new RPCServer({
      protocols: options.alsoOcpp16 ? ['ocpp2.0.1', 'ocpp1.6'] : ['ocpp2.0.1'],
      strictMode: true,
    });
    const now = () => new Date().toISOString();
    const verdict = (p: Record<string, unknown>) => {
      const token = (p.idToken as { idToken?: string } | undefined)?.idToken ?? '';
      const group = this.groups.get(token);
      return {
        status: this.rejectTokens.has(token) ? 'Invalid' : 'Accepted',
        ...(group ? { groupIdToken: { idToken: group, type: 'Central' } } : {}),
      };
    };
    this.respond('BootNotification', () => ({
      status: this.bootStatus,
      currentTime: now(),
      interval: this.interval,
    }));
    this.respond('Heartbeat', () => ({ currentTime: now() }));
    this.respond('Authorize', (_, p) => ({ idTokenInfo: verdict(p) }));
    this.respond('TransactionEvent', (_, p) => (p.idToken ? { idTokenInfo: verdict(p) } : {}));
    for (const a of ['StatusNotification', 'MeterValues', 'NotifyReport']) this.respond(a, () => ({}));
    this.server.auth((accept, _reject, handshake) => {
      this.handshakes.push({ identity: handshake.identity, password: handshake.password?.toString('utf8') });
      // The first of the server's protocols the station offers.
      accept({});
    });
    this.server.on('client', (client: RpcServerClient) => {
      const identity = client.identity ?? '';
      this.clients.set(identity, client);
      this.protocols.set(identity, client.protocol ?? '');
      client.on('close', () => {
        if (this.clients.get(identity) === client) this.clients.delete(identity);
        this.notify();
      });
      client.handle(async ({ method, params }) => {
        const action = String(method);
        const payload = (params ?? {}) as Record<string, unknown>;
        const entry: Received = { identity, action, payload, at: Date.now() };
        this.received.push(entry);
        this.notify();
        if (action === 'TransactionEvent' && this.silentTransactionEvents)
          return await new Promise<never>(() => undefined);
        const responder = this.responders.get(action);
        entry.response = responder ? responder(identity, payload) : {};
        return Promise.resolve(entry.response as Record<string, never>);
      });
      this.notify();
    });
  }

  async start(port = 0): Promise<this> {
    const http = await this.server.listen(port, '127.0.0.1');
    this.url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/ocpp`;
    return this;
  }

  async close(): Promise<void> {
    await this.server.close({ force: true });
  }

  respond(action: string, responder: Responder): void {
    this.responders.set(action, responder);
  }

  async call<A extends keyof Requests>(
    identity: string,
    action: A,
    payload: Requests[A],
  ): Promise<Responses[A]> {
    const client = this.clients.get(identity);
    if (!client) throw new Error(`${identity} is not connected`);
    return (await client.call(action, payload)) as Responses[A];
  }

  messages(identity: string, action?: string): Received[] {
    return this.received.filter((m) => m.identity === identity && (!action || m.action === action));
  }

  /** Waits until `check` returns a value (re-checked on every message and every 25 ms). */
  async until<T>(check: () => T | undefined | false, timeoutMs = 5000, what = 'condition'): Promise<T> {
    const first = check();
    if (first) return first;
    return await new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(test);
        clearInterval(poll);
        reject(new Error(`Timed out waiting for ${what}`));
      }, timeoutMs);
      const poll = setInterval(() => test(), 25);
      const test = (): void => {
        const value = check();
        if (!value) return;
        clearTimeout(timer);
        clearInterval(poll);
        this.waiters.delete(test);
        resolve(value);
      };
      this.waiters.add(test);
    });
  }

  /** Waits for the `count`-th message of an action from a station. */
  async nth(identity: string, action: string, count = 1, timeoutMs = 5000): Promise<Received> {
    return await this.until(
      () => this.messages(identity, action)[count - 1],
      timeoutMs,
      `${action} #${count}`,
    );
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
