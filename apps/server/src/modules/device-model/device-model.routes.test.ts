import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VariableResults } from '@voltline/contract';
import { chargePoints, commandRecords } from '../../db/schema/index.js';
import { verifyChargerPassword } from '../../lib/charger-auth.js';
import { datum, deviceModelTestApp, type DeviceModelTestApp } from '../../../test/device-model-helper.js';

let t: DeviceModelTestApp;
let admin: string;
type Cp = Awaited<ReturnType<DeviceModelTestApp['charger']>>;
let cp: Cp;
let v16: Cp;
let ankara: Cp;
const base = (id: number) => `/api/portal/ChargePoint/${id}/DeviceModel`;
const NEW_PASSWORD = 'a-new-charger-password-2026';
const setBody = {
  items: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, value: '60' }],
};
const getBody = {
  items: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } }],
};
const passwordBody = {
  items: [
    { component: { name: 'SecurityCtrlr' }, variable: { name: 'BasicAuthPassword' }, value: NEW_PASSWORD },
  ],
};

/** Every device-model route, as a caller would ask it of a charger. */
const routes = (id: number): [string, 'GET' | 'POST', string, unknown?][] => [
  ['model', 'GET', base(id)],
  ['refresh', 'POST', `${base(id)}/refresh`],
  ['setVariables', 'POST', `${base(id)}/setVariables`, setBody],
  ['getVariables', 'POST', `${base(id)}/getVariables`, getBody],
];

beforeAll(async () => {
  t = await deviceModelTestApp();
  admin = await t.login('admin@voltline.local');
  cp = await t.charger('DM-ROUTES', 'ocpp2.0.1');
  v16 = await t.charger('DM-V16', 'ocpp1.6');
  ankara = await t.charger('DM-ANKARA', 'ocpp2.0.1', 'Voltline Ankara');
  for (const charger of [cp, ankara]) {
    await t.report(charger, {
      requestId: 7,
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      reportData: [
        datum('OCPPCommCtrlr', 'HeartbeatInterval', '300', { dataType: 'integer' }),
        datum('SecurityCtrlr', 'BasicAuthPassword', '', { mutability: 'WriteOnly', maxLimit: 40 }),
      ],
    });
  }
  t.chargers.answer = (action, payload) => {
    if (action === 'GetBaseReport') return { status: 'Accepted' };
    const key = action === 'SetVariables' ? 'setVariableData' : 'getVariableData';
    const result = action === 'SetVariables' ? 'setVariableResult' : 'getVariableResult';
    return {
      [result]: (payload[key] as { component: object; variable: object }[]).map((d) => ({
        component: d.component,
        variable: d.variable,
        attributeStatus: 'Accepted',
        attributeValue: '300',
      })),
    };
  };
});
afterAll(() => t.close());

describe('device model routes: who may, and which chargers', () => {
  it('a role without the command permission gets 403 on every device-model route', async () => {
    const finance = await t.login('finance@voltline.local');
    for (const [name, method, url, body] of routes(cp.id)) {
      expect((await t.call(method, url, finance, body)).status, name).toBe(403);
    }
  });

  it('another operator’s user gets 404 for a charger outside its reach, on every route', async () => {
    const istanbul = await t.login('istanbul@voltline.local');
    const calls = t.chargers.calls.length;
    for (const [name, method, url, body] of routes(ankara.id)) {
      const r = await t.call<{ error: string }>(method, url, istanbul, body);
      expect(r.status, name).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain('DM-ANKARA');
    }
    expect(t.chargers.calls.length).toBe(calls);
    // The same user reaches its own operator's charger.
    expect((await t.call('GET', base(cp.id), istanbul)).status).toBe(200);
  });

  it('a 1.6 charger is told apart in words with 409 on every device-model route', async () => {
    for (const [name, method, url, body] of routes(v16.id)) {
      const r = await t.call<{ error: string }>(method, url, admin, body);
      expect(r.status, name).toBe(409);
      expect(r.body.error).toContain('speaks OCPP 1.6');
    }
  });

  it('an offline charger gets 409 in words, and nothing is sent; its last model can still be read', async () => {
    t.chargers.online.delete(cp.chargePointId);
    const calls = t.chargers.calls.length;
    try {
      expect((await t.call('GET', base(cp.id), admin)).status).toBe(200);
      for (const [name, method, url, body] of routes(cp.id).slice(1)) {
        const r = await t.call<{ error: string }>(method, url, admin, body);
        expect(r.status, name).toBe(409);
        expect(r.body.error).toBe('Charge point DM-ROUTES is not connected.');
      }
    } finally {
      t.chargers.online.add(cp.chargePointId);
    }
    expect(t.chargers.calls.length).toBe(calls);
  });
});

describe('A01 B05 the charger password through SetVariables', () => {
  it('A01 writing SecurityCtrlr.BasicAuthPassword needs the charge-point permission too', async () => {
    const safety = await t.login('safety@voltline.local');
    expect((await t.call('POST', `${base(cp.id)}/setVariables`, safety, setBody)).status).toBe(200);
    expect((await t.call('POST', `${base(cp.id)}/setVariables`, safety, passwordBody)).status).toBe(403);
  });

  it('A01 an accepted BasicAuthPassword becomes the charger’s password; it is neither stored nor logged', async () => {
    const r = await t.call<{ data: VariableResults }>(
      'POST',
      `${base(cp.id)}/setVariables`,
      admin,
      passwordBody,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.results[0]).toMatchObject({ status: 'Accepted', value: null });
    const [row] = await t.db.select().from(chargePoints).where(eq(chargePoints.id, cp.id));
    expect(verifyChargerPassword(row!.passwordHash!, NEW_PASSWORD)).toBe(true);
    expect(row!.pendingPasswordHash).toBeNull();
    const sent = t.chargers.calls.at(-1)!;
    expect(JSON.stringify(sent.payload)).toContain(NEW_PASSWORD);
    const records = await t.db.select().from(commandRecords).where(eq(commandRecords.chargePointId, cp.id));
    expect(records.at(-1)!.action).toBe('SetVariables');
    expect(JSON.stringify(records)).not.toContain(NEW_PASSWORD);
    const model = await t.call('GET', base(cp.id), admin);
    expect(JSON.stringify(model.body)).not.toContain(NEW_PASSWORD);
  });

  it('A01 a password too short for OCPP 2.0.1 is refused in words before it is sent', async () => {
    const calls = t.chargers.calls.length;
    const r = await t.call<{ error: string }>('POST', `${base(cp.id)}/setVariables`, admin, {
      items: [
        { component: { name: 'SecurityCtrlr' }, variable: { name: 'BasicAuthPassword' }, value: 'short' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain('16 to 40');
    expect(t.chargers.calls.length).toBe(calls);
  });
});
