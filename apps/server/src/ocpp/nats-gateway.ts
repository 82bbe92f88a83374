import type { FastifyBaseLogger } from 'fastify';
import type { OcppProtocol } from '@voltline/contract';
import {
  RequestError,
  TimeoutError,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import { AppError } from '../lib/errors.js';
import type { MessageKey } from '../lib/messages.js';
import type { Metrics } from '../lib/metrics.js';
import {
  failureOutcome,
  type ChargerGateway,
  type LocalGateway,
  type OutboundAction,
  type RawReply,
  type Request,
  type Response,
} from './gateway.js';

export interface NatsGatewayOptions {
  nodeId: string;
  /** Subjects start with it: several Voltline networks can share one NATS. */
  prefix: string;
  /** The OCPP call time-out; a call through another process waits that long plus a margin. */
  callTimeoutMs: number;
  /**
   * A process silent this long is gone (CLUSTER_NODE_TIMEOUT_SECONDS): a call whose holding
   * process stops answering pings for this long is answered "not connected" without waiting out
   * the call time-out.
   */
  nodeTimeoutMs: number;
  log: FastifyBaseLogger;
  metrics?: Metrics;
}

/** What the holding process answers to a call: the charger's answer, or the error it ended in. */
type CallReply =
  | { answer: unknown }
  | { error: { status: AppError['status']; key: MessageKey; params: Record<string, string | number> } };

interface Held {
  subscription: Subscription;
  /** When this process's socket opened: a newer socket elsewhere replaces it. */
  since: number;
  close: () => Promise<void>;
}

/** Time the caller allows beyond the call time-out for NATS and the holding process. */
const MARGIN_MS = 2_000;
/** How long "is it connected anywhere?" waits for the holding process. */
const PING_MS = 1_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const json = (value: unknown) => encoder.encode(JSON.stringify(value));

/**
 * NATS subject token for a charge point id: ids may hold `.`, which NATS reads as a separator, so
 * everything outside [a-z0-9_-] is written as `~` and its hex code.
 */
export function subjectToken(chargePointId: string): string {
  return chargePointId
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, (c) => `~${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * The command gateway of a Voltline cluster. A process holding a charger's socket subscribes to
 * `{prefix}.cp.{charger}.*` and answers there:
 *
 * - `call`: sends the CALL through its socket and replies with the answer, or with the error the
 *   call ended in (time-out, CALLERROR, gone), as the local gateway would have thrown it;
 * - `ping`: replies when it holds the socket;
 * - `disconnect`: closes the socket;
 * - `taken`: another process opened a newer socket for the charger, so this one closes its own.
 *
 * A call for a charger no process holds meets no responders at once, and one whose process died
 * mid-call runs into the time-out plus a margin: both are "not connected" (409), never a hang.
 */
export class NatsGateway implements ChargerGateway {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly local: LocalGateway,
    private readonly nc: NatsConnection,
    private readonly o: NatsGatewayOptions,
  ) {}

  private subject(chargePointId: string, verb: 'call' | 'ping' | 'disconnect' | 'taken' | '*') {
    return `${this.o.prefix}.cp.${subjectToken(chargePointId)}.${verb}`;
  }

  /**
   * This process now holds a socket for the charger: it answers for it, and every other process
   * holding an older socket for it closes that one.
   */
  attach(chargePointId: string, close: () => Promise<void>): void {
    const key = chargePointId.toLowerCase();
    this.held.get(key)?.subscription.unsubscribe();
    const subscription = this.nc.subscribe(this.subject(key, '*'), {
      callback: (err, msg) => {
        if (err) this.o.log.warn({ err, chargePointId }, 'NATS subscription ended');
        else this.serve(key, msg);
      },
    });
    const since = Date.now();
    this.held.set(key, { subscription, since, close });
    this.nc.publish(this.subject(key, 'taken'), json({ node: this.o.nodeId, since }));
  }

  /** The socket closed: this process no longer answers for the charger. */
  detach(chargePointId: string): void {
    const key = chargePointId.toLowerCase();
    this.held.get(key)?.subscription.unsubscribe();
    this.held.delete(key);
  }

  async isConnected(chargePointId: string): Promise<boolean> {
    if (this.local.has(chargePointId)) return true;
    try {
      await this.nc.request(this.subject(chargePointId, 'ping'), undefined, { timeout: PING_MS });
      return true;
    } catch {
      return false;
    }
  }

  async disconnect(chargePointId: string, reason: string): Promise<void> {
    if (this.local.has(chargePointId)) return this.local.disconnect(chargePointId, reason);
    await this.nc
      .request(this.subject(chargePointId, 'disconnect'), json({ reason }), { timeout: PING_MS * 5 })
      .catch(() => undefined); // nobody holds it: nothing to close
  }

  async call<A extends OutboundAction>(
    chargePointId: string,
    action: A,
    payload: Request<A>,
    timeoutMs?: number,
  ): Promise<Response<A>> {
    if (this.local.has(chargePointId)) return this.local.call(chargePointId, action, payload, timeoutMs);
    return (await this.remote(chargePointId, action, payload, timeoutMs)) as Response<A>;
  }

  async callRaw(
    chargePointId: string,
    protocol: OcppProtocol,
    action: string,
    payload: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<RawReply> {
    if (this.local.has(chargePointId)) {
      return this.local.callRaw(chargePointId, protocol, action, payload, timeoutMs);
    }
    return (await this.remote(chargePointId, action, payload, timeoutMs, protocol)) as RawReply;
  }

  /** A call through the process holding the charger; `raw`: sent as it is, in that version. */
  private async remote(
    chargePointId: string,
    action: string,
    payload: unknown,
    timeoutMs?: number,
    raw?: OcppProtocol,
  ): Promise<unknown> {
    const done = this.o.metrics?.command(action, 'remote');
    const wait = timeoutMs ?? this.o.callTimeoutMs;
    let reply: CallReply;
    const watch = new AbortController();
    try {
      const request = { chargePointId, action, payload, timeoutMs: wait, ...(raw ? { raw } : {}) };
      const msg = await Promise.race([
        this.nc.request(this.subject(chargePointId, 'call'), json(request), {
          timeout: wait + MARGIN_MS,
        }),
        this.holderLost(chargePointId, watch.signal),
      ]);
      reply = JSON.parse(decoder.decode(msg.data)) as CallReply;
    } catch (err) {
      // No process holds the socket, or the one that did is gone: the charger is not connected.
      if (!(err instanceof RequestError || err instanceof TimeoutError)) {
        this.o.log.warn({ err, chargePointId, action }, 'command through NATS failed');
      }
      done?.('offline');
      throw new AppError(409, 'ocpp.offline', { chargePointId });
    } finally {
      watch.abort();
    }
    if ('answer' in reply) {
      done?.(raw && 'callError' in (reply.answer as RawReply) ? 'callError' : 'answered');
      return reply.answer;
    }
    const error = new AppError(reply.error.status, reply.error.key, reply.error.params);
    done?.(failureOutcome(error));
    throw error;
  }

  /**
   * Rejects once the process holding the charger is gone while a call waits for its answer: nobody
   * answers the charger's ping (the process was killed and NATS dropped its subscriptions), or no
   * answer came for the node time-out (frozen, cut off, or NATS has not yet seen it go). A call
   * used to wait out the call time-out and its margin (32 s) for a dead process.
   */
  private async holderLost(chargePointId: string, stop: AbortSignal): Promise<never> {
    const every = Math.max(250, Math.min(PING_MS, Math.floor(this.o.nodeTimeoutMs / 3)));
    let lastAnswer = Date.now();
    let nobody = 0;
    while (!stop.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, every);
        stop.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (stop.aborted) break;
      try {
        await this.nc.request(this.subject(chargePointId, 'ping'), undefined, { timeout: every });
        lastAnswer = Date.now();
        nobody = 0;
      } catch (err) {
        if (stop.aborted) break;
        // Twice nobody, a ping apart: a process reconnecting to NATS is not taken for dead.
        nobody = err instanceof RequestError && err.isNoResponders() ? nobody + 1 : 0;
        if (nobody >= 2 || Date.now() - lastAnswer >= this.o.nodeTimeoutMs) throw err;
      }
    }
    return new Promise<never>(() => undefined); // the call settled first
  }

  private serve(key: string, msg: Msg) {
    const verb = msg.subject.slice(msg.subject.lastIndexOf('.') + 1);
    // A process answers only for a socket it holds; during a hand-over the new holder answers.
    if (verb === 'taken') return this.taken(key, msg);
    if (!this.local.has(key)) return;
    if (verb === 'ping') {
      msg.respond(json({ node: this.o.nodeId }));
    } else if (verb === 'disconnect') {
      const { reason } = JSON.parse(decoder.decode(msg.data)) as { reason: string };
      void this.local.disconnect(key, reason).finally(() => msg.respond(json({})));
    } else if (verb === 'call') {
      const request = JSON.parse(decoder.decode(msg.data)) as {
        chargePointId: string;
        action: OutboundAction;
        payload: Request<OutboundAction>;
        timeoutMs: number;
        raw?: OcppProtocol;
      };
      const { chargePointId, action, payload, timeoutMs, raw } = request;
      // Errors name the charger as the asking process spelled it.
      const answered: Promise<unknown> = raw
        ? this.local.callRaw(chargePointId, raw, action, payload, timeoutMs)
        : this.local.call(chargePointId, action, payload, timeoutMs);
      answered.then(
        (answer) => msg.respond(json({ answer } satisfies CallReply)),
        (err: unknown) => {
          const e =
            err instanceof AppError
              ? err
              : new AppError(409, 'ocpp.offline', { chargePointId: request.chargePointId });
          msg.respond(
            json({ error: { status: e.status, key: e.key, params: e.params } } satisfies CallReply),
          );
        },
      );
    }
  }

  /** Another process announced a socket for this charger: an older one here is stale. */
  private taken(key: string, msg: Msg) {
    const { node, since } = JSON.parse(decoder.decode(msg.data)) as { node: string; since: number };
    const mine = this.held.get(key);
    if (node === this.o.nodeId || !mine || since < mine.since) return;
    this.o.log.info(
      { chargePointId: key, node },
      'charger connected to another process; closing this socket',
    );
    this.detach(key);
    void mine.close().catch((err: unknown) => this.o.log.warn({ err }, 'could not close a replaced socket'));
  }
}
