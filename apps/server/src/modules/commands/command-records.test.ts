import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CommandRecord } from '@voltline/contract';
import { chargePoints } from '../../db/schema/index.js';
import { rpcError } from '../../ocpp/rpc-error.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

// A remote command in flight when the process died was neither retried nor recorded. Every
// command is now recorded before it is sent, with what became of it, on the charge point's detail.

let t: TestApp;
let admin: string;
let url: string;
let cpId: number;
let charger: Client;
const PW = 'records-charger-secret-1';

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '1', NODE_ID: 'node-a' });
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  cpId = (await registerChargePoint(t, 'REC-1', PW)).id;
  await registerChargePoint(t, 'REC-ANK', PW, 'Voltline Ankara');
  charger = await connectClient(url, 'REC-1', PW);
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

const send = (command: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/ocpp/RemoteTrigger/${command}`, {
    token: admin,
    body: { chargePointId: 'REC-1', ...body },
  });
const history = async (id: number | string = cpId, token = admin) =>
  t.call<{ data: { items: CommandRecord[]; total: number } }>(
    'GET',
    `/api/portal/ChargePoint/${id}/commands?index=0&size=10`,
    { token },
  );

describe('the command record', () => {
  it('records each command with who sent it, the charger’s answer, a CALLERROR, a timeout, and an offline charger', async () => {
    charger.handle('Reset', () => Promise.resolve({ status: 'Accepted' }));
    charger.handle('UnlockConnector', () => {
      throw rpcError('NotSupported', 'no lock motor');
    });
    charger.handle('ClearCache', () => new Promise(() => undefined));
    charger.handle('ChangeConfiguration', () => Promise.resolve({ status: 'Accepted' }));
    expect((await send('reset', { type: 'Soft' })).status).toBe(200);
    expect((await send('unlockConnector', { connectorId: 1 })).status).toBe(409);
    expect((await send('clearCache', {})).status).toBe(409);
    expect(
      (await send('changeConfiguration', { key: 'AuthorizationKey', value: 'a-new-password-1234' })).status,
    ).toBe(200);

    const { items, total } = (await history()).body.data;
    expect(total).toBe(4);
    expect(items.map((r) => [r.action, r.outcome, r.status, r.error?.split(':')[0] ?? null])).toEqual([
      ['ChangeConfiguration', 'answered', 'Accepted', null],
      ['ClearCache', 'timedOut', null, null],
      ['UnlockConnector', 'callError', null, 'NotSupported'],
      ['Reset', 'answered', 'Accepted', null],
    ]);
    expect(items[3]).toMatchObject({ userName: 'Admin Voltline', request: { type: 'Soft' } });
    expect(items[3]?.answeredAt).not.toBeNull();
    // The charger's new password is never shown.
    expect(items[0]?.request).toEqual({ key: 'AuthorizationKey', value: '[redacted]' });
    expect(JSON.stringify(items)).not.toContain('a-new-password-1234');

    const offline = await t.call('POST', '/api/ocpp/RemoteTrigger/reset', {
      token: admin,
      body: { chargePointId: 'REC-ANK', type: 'Hard' },
    });
    expect(offline.status).toBe(409);
    const [ankara] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'REC-ANK'));
    expect((await history(ankara!.id)).body.data.items).toMatchObject([
      { action: 'Reset', outcome: 'offline' },
    ]);
  });

  it('keeps a sibling operator’s charger and readers without the permission out', async () => {
    const istanbul = await t.login('istanbul@voltline.local');
    const [ankara] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'REC-ANK'));
    expect((await history(ankara!.id, istanbul)).status).toBe(404);
    const finance = await t.login('finance@voltline.local');
    expect((await history(cpId, finance)).status).toBe(403);
  });
});
