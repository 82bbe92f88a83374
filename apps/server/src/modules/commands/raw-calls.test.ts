import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import type { CommandRecord } from '@voltline/contract';
import { auditLogs, chargePoints, commandRecords, ocppMessages, users } from '../../db/schema/index.js';
import { verifyChargerPassword } from '../../lib/charger-auth.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// The raw command console: any request of a charger's own OCPP version, checked against that
// version's official schema before anything is sent, answered with the charger's reply or its
// CALLERROR, audited and recorded with the charger's credentials left out.

let t: TestApp;
let sim16: SimCharger;
let sim201: SimCharger201;
let admin: string;
let support: string;
let istanbul: string;
const PW = 'charger-secret-raw01';
const received: Record<string, string[]> = { 'RAW-16': [], 'RAW-201': [] };

type Answer = {
  data: { reply?: Record<string, unknown>; callError?: { code: string; description: string } };
  message?: string;
  refused?: boolean;
  error?: string;
  details?: { field: string; message: string }[];
};

const connected = (id: string, protocol: string) =>
  until(async () => {
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
    return cp?.connected && cp.ocppProtocol === protocol ? cp : undefined;
  });

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  const url = await listen(t);
  await registerChargePoint(t, 'RAW-16', PW);
  await registerChargePoint(t, 'RAW-201', PW);
  await registerChargePoint(t, 'RAW-ANK', PW, 'Voltline Ankara');
  await registerChargePoint(t, 'RAW-OFF', PW);
  // Without the security edition: GetLog is a request this 1.6 charger does not implement.
  sim16 = await startCharger({ url, id: 'RAW-16', password: PW, securityEdition: false });
  sim201 = await startCharger201({ url, id: 'RAW-201', password: PW });
  sim16.on('call', (c) => received['RAW-16']!.push(c.action));
  sim201.on('call', (c) => received['RAW-201']!.push(c.action));
  await connected('RAW-16', 'ocpp1.6');
  await connected('RAW-201', 'ocpp2.0.1');
  // İstanbul's Main Operator also in Technical Support: the console, within İstanbul only.
  await t.database.db
    .update(users)
    .set({ roles: ['Main Operator', 'Technical Support'] })
    .where(eq(users.email, 'istanbul@voltline.local'));
  admin = await t.login('admin@voltline.local');
  support = await t.login('support@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await sim16.close();
  await sim201.close();
  await t.close();
});

const call = (chargePointId: string, action: string, payload: Record<string, unknown>, token = admin) =>
  t.call<Answer>('POST', '/api/ocpp/RemoteTrigger/call', {
    token,
    body: { chargePointId, action, payload },
  });

const history = async (id: string) => {
  const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
  const r = await t.call<{ data: { items: CommandRecord[] } }>(
    'GET',
    `/api/portal/ChargePoint/${cp!.id}/commands?index=0&size=10`,
    { token: admin },
  );
  return r.body.data.items;
};

const auditOf = async (chargePointId: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'command.call'), eq(auditLogs.entityId, chargePointId)))
    .orderBy(sql`${auditLogs.id} desc`);

const GET_INTERVAL = {
  getVariableData: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
};

describe('the raw command console answers with the charger’s own reply', () => {
  it('B06 GetVariables goes to a 2.0.1 station as written and its reply comes back, recorded and audited', async () => {
    const r = await call('RAW-201', 'GetVariables', GET_INTERVAL);
    expect(r.status).toBe(200);
    expect(r.body.refused).toBeUndefined();
    expect(r.body.message).toBe('The charge point answered GetVariables.');
    const [result] = r.body.data.reply!.getVariableResult as Record<string, unknown>[];
    expect(result).toMatchObject({
      attributeStatus: 'Accepted',
      component: { name: 'OCPPCommCtrlr' },
      variable: { name: 'HeartbeatInterval' },
    });
    expect(received['RAW-201']).toContain('GetVariables');
    // Found by its action: the station's own boot-time requests may be recorded after it.
    const record = (await history('RAW-201')).find((c) => c.action === 'GetVariables');
    expect(record).toMatchObject({
      action: 'GetVariables',
      outcome: 'answered',
      request: GET_INTERVAL,
      answer: r.body.data.reply,
    });
    const [line] = await auditOf('RAW-201');
    expect(line?.summary).toMatchObject({ action: 'GetVariables', request: GET_INTERVAL });
  });

  it('F06 TriggerMessage of a Heartbeat goes to a 1.6 charger, untranslated', async () => {
    const r = await call('RAW-16', 'TriggerMessage', { requestedMessage: 'Heartbeat' }, support);
    expect(r.status).toBe(200);
    expect(r.body.data.reply).toEqual({ status: 'Accepted' });
    expect(received['RAW-16']).toContain('TriggerMessage');
    const [record] = await history('RAW-16');
    expect(record).toMatchObject({ action: 'TriggerMessage', outcome: 'answered', status: 'Accepted' });
  });

  it('says a CALLERROR in words as a refusal, with its code, and records it', async () => {
    const r = await call('RAW-201', 'UnpublishFirmware', { checksum: '0123456789abcdef0123456789abcdef' });
    expect(r.status).toBe(200);
    expect(r.body.refused).toBe(true);
    expect(r.body.data.callError?.code).toBe('NotImplemented');
    expect(r.body.message).toMatch(
      /^The charge point refused UnpublishFirmware with an error: NotImplemented/,
    );
    const record = (await history('RAW-201')).find((c) => c.action === 'UnpublishFirmware');
    expect(record).toMatchObject({ action: 'UnpublishFirmware', outcome: 'callError' });
    expect(record?.error).toMatch(/^NotImplemented/);
    expect(record?.answer).toMatchObject({ callError: { code: 'NotImplemented' } });
    const [line] = await auditOf('RAW-201');
    expect(line?.summary).toMatchObject({
      action: 'UnpublishFirmware',
      callError: { code: 'NotImplemented' },
    });

    const log = await call('RAW-16', 'GetLog', {
      logType: 'DiagnosticsLog',
      requestId: 1,
      log: { remoteLocation: 'ftp://example.com/logs' },
    });
    expect(log.body).toMatchObject({ refused: true, data: { callError: { code: 'NotImplemented' } } });
  });
});

/**
 * Waits until a charger has heard nothing new for half a second: a station just booted still gets
 * Voltline's own boot-time requests (its device model), which a count of what it heard must not see.
 */
async function quiet(id: string) {
  for (;;) {
    const heard = received[id]!.length;
    const records = (await history(id)).length;
    await new Promise((r) => setTimeout(r, 500));
    if (received[id]!.length === heard && (await history(id)).length === records) return;
  }
}

describe('the raw command console refuses before sending', () => {
  it('refuses a request its version’s schema does not allow, field by field, and sends nothing', async () => {
    await quiet('RAW-201');
    const before = received['RAW-201']!.length;
    const records = (await history('RAW-201')).length;
    const r = await call('RAW-201', 'GetVariables', {
      getVariableData: [{ component: {}, variable: { name: 'HeartbeatInterval', colour: 'red' } }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'This GetVariables request does not follow the OCPP 2.0.1 schema; nothing was sent. See the fields below.',
    );
    expect(r.body.details).toEqual(
      expect.arrayContaining([
        { field: 'body.payload.getVariableData.0.component.name', message: 'This field is required.' },
        { field: 'body.payload.getVariableData.0.variable', message: 'Unknown field: colour.' },
      ]),
    );
    const reset = await call('RAW-16', 'Reset', { type: 'Medium' });
    expect(reset.status).toBe(400);
    expect(reset.body.details).toEqual([
      { field: 'body.payload.type', message: 'Choose one of: Hard, Soft.' },
    ]);
    expect(received['RAW-201']!.length).toBe(before);
    expect(received['RAW-16']).not.toContain('Reset');
    expect((await history('RAW-201')).length).toBe(records);
  });

  it('refuses an action that is no request of the charger’s version, in words', async () => {
    await quiet('RAW-201');
    const before = received['RAW-201']!.length;
    const r = await call('RAW-201', 'RemoteStartTransaction', { idTag: 'DEMO0001' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(
      'RemoteStartTransaction is not a request a central system sends a charge point speaking OCPP 2.0.1; nothing was sent.',
    );
    expect((await call('RAW-16', 'GetVariables', GET_INTERVAL)).status).toBe(400);
    // A charger's own message is not something to send it.
    expect((await call('RAW-16', 'Heartbeat', {})).body.error).toMatch(/^Heartbeat is not a request/);
    expect(received['RAW-201']!.length).toBe(before);
  });

  it('answers "not connected" for a charger that is not, as every command does', async () => {
    const r = await call('RAW-OFF', 'TriggerMessage', { requestedMessage: 'Heartbeat' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('Charge point RAW-OFF is not connected.');
    const [record] = await history('RAW-OFF');
    expect(record?.outcome).toBe('offline');
  });
});

describe('who may use the raw command console', () => {
  it('lets Admin and Technical Support in, and no other role', async () => {
    for (const email of ['main', 'finance', 'safety', 'callcenter']) {
      const token = await t.login(`${email}@voltline.local`);
      const r = await call('RAW-16', 'TriggerMessage', { requestedMessage: 'Heartbeat' }, token);
      expect({ email, status: r.status }).toEqual({ email, status: 403 });
    }
    const r = await call('RAW-16', 'TriggerMessage', { requestedMessage: 'Heartbeat' }, support);
    expect(r.status).toBe(200);
  });

  it('reaches only chargers of the user’s operator subtree', async () => {
    const own = await call('RAW-16', 'TriggerMessage', { requestedMessage: 'Heartbeat' }, istanbul);
    expect(own.status).toBe(200);
    const sibling = await call('RAW-ANK', 'TriggerMessage', { requestedMessage: 'Heartbeat' }, istanbul);
    expect(sibling.status).toBe(404);
    expect(JSON.stringify(sibling.body)).not.toContain('RAW-ANK');
  });
});

describe('the raw command console keeps the charger’s credentials out of its records', () => {
  it('B05/A01 a BasicAuthPassword set raw is redacted, and the station reconnects with it', async () => {
    const password = 'raw-console-password-201';
    const r = await call('RAW-201', 'SetVariables', {
      setVariableData: [
        {
          component: { name: 'SecurityCtrlr' },
          variable: { name: 'BasicAuthPassword' },
          attributeValue: password,
        },
      ],
    });
    expect(r.status).toBe(200);
    const [record] = await history('RAW-201');
    expect(JSON.stringify(record)).not.toContain(password);
    expect(JSON.stringify(record?.request)).toContain('[redacted]');
    const [line] = await auditOf('RAW-201');
    expect(JSON.stringify(line)).not.toContain(password);
    // The station takes the password and connects again with it: Voltline knew it was coming.
    const cp = await until(async () => {
      const [row] = await t.database.db
        .select()
        .from(chargePoints)
        .where(eq(chargePoints.chargePointId, 'RAW-201'));
      return row?.passwordHash && verifyChargerPassword(row.passwordHash, password) ? row : undefined;
    }, 30_000);
    expect(cp.pendingPasswordHash ?? null).toBeNull();
    await connected('RAW-201', 'ocpp2.0.1');
    const logged = await until(async () => {
      const rows = await t.database.db
        .select()
        .from(ocppMessages)
        .where(and(eq(ocppMessages.chargePointId, 'RAW-201'), eq(ocppMessages.action, 'SetVariables')));
      return rows.length > 0 ? rows : undefined;
    });
    expect(JSON.stringify(logged)).not.toContain(password);
  });

  it('a 1.6 AuthorizationKey set raw is redacted in the record and the audit log', async () => {
    const key = Buffer.from('raw-console-key-0016').toString('hex');
    const r = await call('RAW-16', 'ChangeConfiguration', { key: 'AuthorizationKey', value: key });
    expect(r.status).toBe(200);
    const [record] = await history('RAW-16');
    expect(record?.request).toEqual({ key: 'AuthorizationKey', value: '[redacted]' });
    const [line] = await auditOf('RAW-16');
    expect(JSON.stringify(line)).not.toContain(key);
    const rows = await t.database.db
      .select()
      .from(commandRecords)
      .where(eq(commandRecords.action, 'ChangeConfiguration'));
    expect(JSON.stringify(rows)).not.toContain(key);
  });
});
