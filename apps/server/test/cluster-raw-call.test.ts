import { connect as connectTcp } from 'node:net';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import ocppRpc from 'ocpp-rpc';
import { buildApp } from '../src/app.js';
import { createTestApp } from './helper.js';
import { connectClient, registerChargePoint } from './ocpp-helper.js';

// The raw command console in a cluster: the charger's socket is held by another process, and the
// request reaches it through NATS as written, in the charger's own version; its reply and its
// CALLERROR come back the same way.

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

const PW = 'cluster-raw-call-secret1';

type Answer = {
  data: { reply?: Record<string, unknown>; callError?: { code: string; description: string } };
  refused?: boolean;
};

describe('a raw call through another process', () => {
  it.skipIf(!natsUp)(
    'B06 reaches a 2.0.1 charger held by another process untranslated, with its reply and its CALLERROR',
    async () => {
      const env = {
        NATS_URL,
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://unused.invalid/x',
        NATS_SUBJECT_PREFIX: `t${randomBytes(4).toString('hex')}`,
      };
      const a = await createTestApp({ ...env, NODE_ID: 'node-a' });
      const b = await buildApp({ config: { ...a.config, nodeId: 'node-b' }, database: a.database });
      await b.ready();
      await b.listen({ port: 0, host: '127.0.0.1' });
      const address = b.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      await registerChargePoint(a, 'CLRAW-1', PW);
      const charger = await connectClient(`ws://127.0.0.1:${address.port}/ocpp`, 'CLRAW-1', PW, 'ocpp2.0.1');
      const received: { method: string; params: unknown }[] = [];
      charger.handle('GetVariables', ({ params }) => {
        received.push({ method: 'GetVariables', params });
        return Promise.resolve({
          getVariableResult: [
            {
              attributeStatus: 'Accepted',
              attributeValue: '300',
              component: { name: 'OCPPCommCtrlr' },
              variable: { name: 'HeartbeatInterval' },
            },
          ],
        });
      });
      charger.handle('ClearCache', () =>
        Promise.reject(ocppRpc.createRPCError('NotSupported', 'no cache here') as Error),
      );
      try {
        const admin = await a.login('admin@voltline.local');
        const payload = {
          getVariableData: [
            { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
          ],
        };
        const r = await a.call<Answer>('POST', '/api/ocpp/RemoteTrigger/call', {
          token: admin,
          body: { chargePointId: 'CLRAW-1', action: 'GetVariables', payload },
        });
        expect(r.status).toBe(200);
        expect(r.body.data.reply?.getVariableResult).toMatchObject([{ attributeValue: '300' }]);
        expect(received).toEqual([{ method: 'GetVariables', params: payload }]);
        const refused = await a.call<Answer>('POST', '/api/ocpp/RemoteTrigger/call', {
          token: admin,
          body: { chargePointId: 'CLRAW-1', action: 'ClearCache', payload: {} },
        });
        expect(refused.body).toMatchObject({
          refused: true,
          data: { callError: { code: 'NotSupported', description: 'no cache here' } },
        });
      } finally {
        await charger.close({ force: true });
        await b.close();
        await a.close();
      }
    },
    30_000,
  );
});
