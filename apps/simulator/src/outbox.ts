import { isRpcError } from './connection.js';
import type { Ocpp } from '@voltline/contract';

interface Queued {
  action: Ocpp.OcppAction;
  /** Built at send time, so a StopTransaction queued offline carries the id StartTransaction got later. */
  build: () => object | undefined;
  onResult: (response: unknown) => void;
  onDrop: () => void;
  attempts: number;
}

export interface OutboxDeps {
  send: (action: Ocpp.OcppAction, payload: object) => Promise<unknown>;
  canSend: () => boolean;
  maxAttempts: () => number;
  /** Called when a message failed while online (timeout or CALLERROR) and should be retried later. */
  retryLater: () => void;
}

/**
 * Transaction messages (StartTransaction, StopTransaction, MeterValues) are queued and delivered in order,
 * surviving disconnects, as OCPP 1.6 section 4.7 asks of a charger. Other messages are sent or lost.
 */
export class Outbox {
  private queue: Queued[] = [];
  private flushing = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly deps: OutboxDeps) {}

  get size(): number {
    return this.queue.length;
  }

  push<A extends Ocpp.OcppAction>(
    action: A,
    build: () => Ocpp.OcppRequests[A] | undefined,
    onResult: (response: Ocpp.OcppResponses[A]) => void = () => undefined,
    onDrop: () => void = () => undefined,
  ): void {
    this.queue.push({ action, build, onResult: onResult as (r: unknown) => void, onDrop, attempts: 0 });
    void this.flush();
  }

  /** Resolves when a delivery pass is over: the queue is empty or cannot progress now. */
  async settle(): Promise<void> {
    if (this.flushing) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    else await this.flush();
  }

  clear(): void {
    this.queue = [];
  }

  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.deps.canSend()) {
        const msg = this.queue[0];
        if (!msg) break;
        const payload = msg.build();
        if (payload === undefined) {
          this.queue.shift();
          msg.onDrop();
          continue;
        }
        try {
          const response = await this.deps.send(msg.action, payload);
          this.queue.shift();
          msg.onResult(response);
        } catch (err) {
          if (!this.deps.canSend()) break;
          msg.attempts += 1;
          if (isRpcError(err) && msg.attempts >= this.deps.maxAttempts()) {
            this.queue.shift();
            msg.onDrop();
            continue;
          }
          this.deps.retryLater();
          break;
        }
      }
    } finally {
      this.flushing = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}
