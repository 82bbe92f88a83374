import type { FastifyBaseLogger } from 'fastify';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Leader } from './leader.js';

type Handler = (id: number) => Promise<void>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Work the leader does on behalf of the other processes. Smart-charging balancing and firmware
 * campaign steps change state read by the leader's ticks too; two processes doing them at once
 * would interleave their charging profiles or campaign batches. An OCPP event heard by another
 * process (a session starting, a firmware status) is published on `<prefix>.leader.<kind>`; every
 * process listens and the leader acts. A single process, or one without NATS, acts itself.
 */
export class LeaderWork {
  private readonly handlers = new Map<string, Handler>();
  private subscription: Subscription | null = null;

  constructor(
    private readonly o: {
      leader: Leader;
      nats: NatsConnection | null;
      prefix: string;
      log: FastifyBaseLogger;
    },
  ) {
    if (o.nats) {
      this.subscription = o.nats.subscribe(`${o.prefix}.leader.*`, {
        callback: (err, msg) => {
          if (err || !this.o.leader.isLeader) return;
          const kind = msg.subject.slice(msg.subject.lastIndexOf('.') + 1);
          const { id } = JSON.parse(decoder.decode(msg.data)) as { id: number };
          this.run(kind, id);
        },
      });
    }
  }

  /** The leader's handling of one kind of work (a charger, a group or a campaign by its id). */
  on(kind: string, handler: Handler): (id: number) => Promise<void> {
    this.handlers.set(kind, handler);
    return (id) => this.send(kind, id);
  }

  /** Done here when this process leads or is alone; published to the leader otherwise. */
  send(kind: string, id: number): Promise<void> {
    if (!this.o.nats || this.o.leader.isLeader) return this.handlers.get(kind)?.(id) ?? Promise.resolve();
    this.o.nats.publish(`${this.o.prefix}.leader.${kind}`, encoder.encode(JSON.stringify({ id })));
    return Promise.resolve();
  }

  close(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  private run(kind: string, id: number) {
    this.handlers
      .get(kind)?.(id)
      .catch((err: unknown) => this.o.log.error({ err, kind, id }, 'work for the leader failed'));
  }
}
