import { isRpcError } from './connection.js';
import type { Ocpp } from '@voltline/contract';

interface Queued {
  action: string;
  /** Built at send time, so a StopTransaction queued offline carries the id StartTransaction got later. */
  build: () => object | undefined;
  onResult: (response: unknown) => void;
  onDrop: () => void;
  attempts: number;
}

export interface OutboxDeps<Action extends string = Ocpp.OcppAction> {
  send: (action: Action, payload: object) => Promise<unknown>;
  canSend: () => boolean;
  maxAttempts: () => number;
  /** Called when a message failed while online (timeout or CALLERROR) and should be retried later. */
  retryLater: () => void;
}

/**
 * Transaction messages (StartTransaction, StopTransaction, MeterValues) are queued and delivered in order,
 * surviving disconnects, as OCPP 1.6 section 4.7 asks of a charger. Other messages are sent or lost.
 * OCPP 2.0.1 asks the same of TransactionEvent (E12): the type parameters name the protocol's messages.
 */
export class Outbox<
  Requests extends object = Ocpp.OcppRequests,
  Responses extends object = Ocpp.OcppResponses,
> {
  private queue: Queued[] = [];
  private flushing = false;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly deps: OutboxDeps<keyof Requests & string>) {}

  get size(): number {
    return this.queue.length;
  }

  push<A extends keyof Requests & string>(
    action: A,
    build: () => Requests[A] | undefined,
    onResult: (response: Responses[A & keyof Responses]) => void = () => undefined,
    onDrop: () => void = () => undefined,
  ): void {
    this.queue.push({
      action,
      build: build as () => object | undefined,
      onResult: onResult as (r: unknown) => void,
      onDrop,
      attempts: 0,
    });
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
          const response = await this.deps.send(msg.action as keyof Requests & string, payload);
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
