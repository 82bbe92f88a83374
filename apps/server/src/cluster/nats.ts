import { connect as connectToNats, type NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

/** The NATS link of a cluster process; it reconnects by itself when NATS restarts. */
export async function connectNats(config: Config, log: FastifyBaseLogger): Promise<NatsConnection> {
  const nc = await connectToNats({
    servers: (config.NATS_URL ?? '').split(','),
    name: `voltline ${config.nodeId}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') log.warn({ nats: s.type }, `NATS ${s.type}`);
    }
  })();
  return nc;
}
