import type { AddressInfo } from 'node:net';
import { RPCServer } from 'ocpp-rpc';
import type RpcServerClient from 'ocpp-rpc/lib/server-client.js';
import type { Ocpp } from '@voltline/contract';

/** A message a charger sent to the test central system. */
export interface Received {
  identity: string;
  action: string;
  payload: Record<string, unknown>;
  at: number;
  /** What the test central system answered. */
  response?: object;
}

export interface Handshake {
  identity: string;
  authorization: string | undefined;
  password: string | undefined;
}

type Responder = (identity: string, payload: Record<string, unknown>) => object;

/**
 * A small OCPP 1.6J central system (ocpp-rpc RPCServer in strict mode) for the simulator's tests: it answers
 * what chargers send, records every message and handshake, and sends commands to connected chargers.
 */
export class TestCentralSystem {
  readonly received: Received[] = [];
  readonly handshakes: Handshake[] = [];
  readonly clients = new Map<string, RpcServerClient>();
  bootStatus: Ocpp.OcppResponses['BootNotification']['status'] = 'Accepted';
  heartbeatInterval = 300;
  rejectIdTags = new Set<string>();
  /** idTags Authorize accepts but StartTransaction refuses with this status (a card revoked since). */
  refuseAtStart = new Map<string, Ocpp.StartTransactionResponse['idTagInfo']['status']>();
  /** Answer ConcurrentTx to a StartTransaction whose card is in an accepted session still running. */
  oneSessionPerCard = false;
  /** transactionId → idTag of the accepted sessions still running (kept when oneSessionPerCard). */
  readonly running = new Map<number, string>();
  private nextTransactionId = 1000;
  private readonly waiters = new Set<() => void>();
  private readonly responders = new Map<string, Responder>();
  private readonly server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  url = '';

  constructor() {
    this.respond('BootNotification', () => ({
      status: this.bootStatus,
      currentTime: new Date().toISOString(),
      interval: this.heartbeatInterval,
    }));
    this.respond('Heartbeat', () => ({ currentTime: new Date().toISOString() }));
    this.respond('Authorize', (_, p) => ({
      idTagInfo: { status: this.rejectIdTags.has(String(p.idTag)) ? 'Invalid' : 'Accepted' },
    }));
    this.respond('StartTransaction', (_, p) => {
      const idTag = String(p.idTag);
      const transactionId = this.nextTransactionId++;
      let status = this.rejectIdTags.has(idTag) ? 'Invalid' : (this.refuseAtStart.get(idTag) ?? 'Accepted');
      if (status === 'Accepted' && this.oneSessionPerCard) {
        if ([...this.running.values()].includes(idTag)) status = 'ConcurrentTx';
        else this.running.set(transactionId, idTag);
      }
      return { transactionId, idTagInfo: { status } };
    });
    this.respond('StopTransaction', (_, p) => {
      this.running.delete(Number(p.transactionId));
      return { idTagInfo: { status: 'Accepted' } };
    });
    for (const a of [
      'StatusNotification',
      'MeterValues',
      'FirmwareStatusNotification',
      'DiagnosticsStatusNotification',
    ]) {
      this.respond(a, () => ({}));
    }
    this.server.auth((accept, _reject, handshake) => {
      this.handshakes.push({
        identity: handshake.identity,
        authorization: handshake.headers.authorization,
        password: handshake.password?.toString('utf8'),
      });
      accept({}, 'ocpp1.6');
    });
    this.server.on('client', (client: RpcServerClient) => {
      const identity = client.identity ?? '';
      this.clients.set(identity, client);
      client.on('close', () => {
        if (this.clients.get(identity) === client) this.clients.delete(identity);
        this.notify();
      });
      client.handle(async ({ method, params }) => {
        const action = String(method);
        const payload = (params ?? {}) as Record<string, unknown>;
        const entry: Received = { identity, action, payload, at: Date.now() };
        const responder = this.responders.get(action);
        entry.response = responder ? responder(identity, payload) : {};
        this.received.push(entry);
        this.notify();
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

  /** Sends a command to a connected charger and resolves with its answer. */
  async call<A extends Ocpp.OcppAction>(
    identity: string,
    action: A,
    payload: Ocpp.OcppRequests[A],
  ): Promise<Ocpp.OcppResponses[A]> {
    const client = this.clients.get(identity);
    if (!client) throw new Error(`${identity} is not connected`);
    return (await client.call(action, payload)) as Ocpp.OcppResponses[A];
  }

  messages(identity: string, action?: string): Received[] {
    return this.received.filter((m) => m.identity === identity && (!action || m.action === action));
  }

  /** Waits until `check` returns a value (re-checked on every message, connect, disconnect and every 25 ms). */
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

  /** Waits for the `count`-th message of an action from a charger. */
  async nth(identity: string, action: string, count = 1, timeoutMs = 5000): Promise<Received> {
    return await this.until(
      () => this.messages(identity, action)[count - 1],
      timeoutMs,
      `${action} #${count}`,
    );
  }

  async disconnect(identity: string): Promise<void> {
    await this.clients.get(identity)?.close({ force: true });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
