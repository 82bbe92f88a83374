import { connect as connectTcp } from 'node:net';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { buildApp } from '../src/app.js';
import { subjectToken } from '../src/ocpp/nats-gateway.js';
import { createTestApp } from './helper.js';
import { connectClient, registerChargePoint } from './ocpp-helper.js';

// In a cluster, a command to a charger whose process was just killed waited 32 s (the call
// time-out and its margin) before "not connected". It is now answered once the holding process is
// seen gone, well within the node time-out. Two processes share one database and one NATS here;
// one of them is killed by cutting its NATS connection without any goodbye.

const NATS_URL = process.env.CLUSTER_NATS_URL ?? 'nats://127.0.0.1:4222';
const natsUp = await new Promise<boolean>((resolve) => {
  const u = new URL(NATS_URL);
  const socket = connectTcp(Number(u.port || 4222), u.hostname);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(process.env.REQUIRE_CLUSTER_TESTS === '1'));
});

const PW = 'cluster-command-secret-1';

describe('a command through another process', () => {
  it.skipIf(!natsUp)(
    'is answered "not connected" when the process holding the charger dies mid-call, not after the call time-out',
    async () => {
      const env = {
        NATS_URL,
        // The leader's lock only: the processes share the test's database object.
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://unused.invalid/x',
        NATS_SUBJECT_PREFIX: `t${randomBytes(4).toString('hex')}`,
        // A command waits a minute for its charger; a silent process is gone after 3 s.
        OCPP_CALL_TIMEOUT_SECONDS: '60',
        CLUSTER_NODE_TIMEOUT_SECONDS: '3',
      };
      const a = await createTestApp({ ...env, NODE_ID: 'node-a' });
      const b = await buildApp({ config: { ...a.config, nodeId: 'node-b' }, database: a.database });
      await b.ready();
      await b.listen({ port: 0, host: '127.0.0.1' });
      const address = b.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      await registerChargePoint(a, 'CLCMD-1', PW);
      const charger = await connectClient(`ws://127.0.0.1:${address.port}/ocpp`, 'CLCMD-1', PW);
      let received!: () => void;
      const reached = new Promise<void>((resolve) => (received = resolve));
      // The charger takes the command and never answers.
      charger.handle('TriggerMessage', () => {
        received();
        return new Promise(() => undefined);
      });
      try {
        const admin = await a.login('admin@voltline.local');
        const pending = a.call<{ error: string }>('POST', '/api/ocpp/RemoteTrigger/triggerMessage', {
          token: admin,
          body: { chargePointId: 'CLCMD-1', requestedMessage: 'Heartbeat' },
        });
        await reached;
        // Process B is killed: its NATS connection drops, its database rows stay.
        await b.services.nats?.close();
        const answer = await pending;
        expect(answer.status).toBe(409);
        expect(answer.body.error).toBe('Charge point CLCMD-1 is not connected.');
      } finally {
        await charger.close({ force: true });
        await b.close();
        await a.close();
      }
    },
    30_000,
  );

  it.skipIf(!natsUp)(
    'is answered "not connected" once the holding process has been silent for the node time-out (frozen or cut off)',
    async () => {
      const prefix = `t${randomBytes(4).toString('hex')}`;
      const a = await createTestApp({
        NATS_URL,
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://unused.invalid/x',
        NATS_SUBJECT_PREFIX: prefix,
        NODE_ID: 'node-a',
        OCPP_CALL_TIMEOUT_SECONDS: '60',
        CLUSTER_NODE_TIMEOUT_SECONDS: '3',
      });
      // A frozen process: NATS still delivers to its subscription, but nothing ever answers.
      const frozen = await connect({ servers: NATS_URL });
      frozen.subscribe(`${prefix}.cp.${subjectToken('CLCMD-2')}.*`, { callback: () => undefined });
      await frozen.flush();
      await registerChargePoint(a, 'CLCMD-2', PW);
      try {
        const admin = await a.login('admin@voltline.local');
        const answer = await a.call<{ error: string }>('POST', '/api/ocpp/RemoteTrigger/triggerMessage', {
          token: admin,
          body: { chargePointId: 'CLCMD-2', requestedMessage: 'Heartbeat' },
        });
        expect(answer.status).toBe(409);
        expect(answer.body.error).toBe('Charge point CLCMD-2 is not connected.');
      } finally {
        await frozen.close();
        await a.close();
      }
    },
    30_000,
  );
});
