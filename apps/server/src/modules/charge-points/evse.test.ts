import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogs, chargePoints, evseConnectors } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// A 1.6 and a 2.0.1 charger are the same thing to staff: the protocol is a field of the charge
// point, an EVSE id a field of the connector, and a 2.0.1 EVSE's plugs are listed under it.

let t: TestApp;
let admin: string;
let istanbul: string;
let finance: string;
let ops: { id: number; name: string }[];

type Err = { error: string; details?: { field: string; message: string }[] };
type Plug = { connectorId: number; status: string; statusAt: string };
type Conn = { id: number; connectorId: number; evseUid: string | null; plugs: Plug[] };
type Cp = {
  id: number;
  chargePointId: string;
  ocppProtocol: string;
  connectors: { connectorId: number; evseUid: string | null }[];
};
type PageOut = { data: { items: Cp[]; total: number } };

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;

async function create(chargePointId: string, operator: string) {
  const r = await t.call<{ data: { chargePoint: Cp } }>('POST', '/api/portal/ChargePoint', {
    token: admin,
    body: { chargePointId, name: chargePointId, operatorId: opId(operator), connectorCount: 2 },
  });
  expect(r.status).toBe(200);
  return r.body.data.chargePoint;
}

function connectorsOf(chargePointId: string, token = admin) {
  return t.call<{ data: Conn[] }>('GET', `/api/portal/connector?chargePointId=${chargePointId}`, { token });
}

function editConnector(body: Record<string, unknown>, token = admin, locale = 'en') {
  return t.call<{ data: Conn } & Err>('PUT', '/api/portal/connector', {
    token,
    body,
    headers: { 'accept-language': locale },
  });
}

function list(body: Record<string, unknown>, token = admin) {
  return t.call<PageOut>('POST', '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10', {
    token,
    body,
  });
}

let v201: Cp;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  await create('EVSE-16', 'Voltline İstanbul');
  v201 = await create('EVSE-201', 'Voltline İstanbul');
  await create('EVSE-ANK', 'Voltline Ankara');
  // What the 2.0.1 adapter records when the charger connects and reports its plugs.
  const db = t.database.db;
  await db.update(chargePoints).set({ ocppProtocol: 'ocpp2.0.1' }).where(eq(chargePoints.id, v201.id));
  const at = new Date('2026-11-20T10:00:00Z');
  await db.insert(evseConnectors).values([
    { chargePointId: v201.id, evseId: 1, connectorId: 1, status: 'Occupied', statusAt: at },
    { chargePointId: v201.id, evseId: 1, connectorId: 2, status: 'Available', statusAt: at },
    { chargePointId: v201.id, evseId: 2, connectorId: 1, status: 'Faulted', statusAt: at },
  ]);
});
afterAll(() => t.close());

describe('OCPP version of a charge point', () => {
  it('shows each charge point’s OCPP version in the list and on its detail', async () => {
    const all = await list({ search: 'EVSE-' });
    expect(Object.fromEntries(all.body.data.items.map((c) => [c.chargePointId, c.ocppProtocol]))).toEqual({
      'EVSE-16': 'ocpp1.6',
      'EVSE-201': 'ocpp2.0.1',
      'EVSE-ANK': 'ocpp1.6',
    });
    const detail = await t.call<{ data: Cp }>('GET', '/api/portal/ChargePoint/EVSE-201', { token: admin });
    expect(detail.body.data.ocppProtocol).toBe('ocpp2.0.1');
  });

  it('filters the list by OCPP version, within the user’s reach', async () => {
    const v2 = await list({ search: 'EVSE-', ocppProtocol: 'ocpp2.0.1' });
    expect(v2.body.data.items.map((c) => c.chargePointId)).toEqual(['EVSE-201']);
    expect(v2.body.data.total).toBe(1);
    const v1 = await list({ search: 'EVSE-', ocppProtocol: 'ocpp1.6' }, istanbul);
    expect(v1.body.data.items.map((c) => c.chargePointId)).toEqual(['EVSE-16']);
    const bad = await list({ ocppProtocol: 'ocpp2.1' });
    expect(bad.status).toBe(400);
  });
});

describe('EVSEs and their plugs', () => {
  it('lists a 2.0.1 EVSE’s plugs with their statuses, and none for a 1.6 connector', async () => {
    const v2 = await connectorsOf('EVSE-201');
    expect(v2.body.data.map((c) => [c.connectorId, c.plugs.map((p) => [p.connectorId, p.status])])).toEqual([
      [
        1,
        [
          [1, 'Occupied'],
          [2, 'Available'],
        ],
      ],
      [2, [[1, 'Faulted']]],
    ]);
    expect(v2.body.data[0]?.plugs[0]?.statusAt).toBe('2026-11-20T10:00:00.000Z');
    const one = await t.call<{ data: Conn }>(
      'GET',
      `/api/portal/connector?connectorId=${v2.body.data[1]?.id}`,
      {
        token: admin,
      },
    );
    expect(one.body.data.plugs).toEqual([
      { connectorId: 1, status: 'Faulted', statusAt: '2026-11-20T10:00:00.000Z' },
    ]);
    const v1 = await connectorsOf('EVSE-16');
    expect(v1.body.data.map((c) => c.plugs)).toEqual([[], []]);
    expect(v1.body.data.map((c) => c.evseUid)).toEqual([null, null]);
  });

  it('sets, shows and clears an EVSE id, and audits the change', async () => {
    const [first] = (await connectorsOf('EVSE-16')).body.data;
    const set = await editConnector({ id: first!.id, evseUid: ' TR*VLT*E000123*1 ' });
    expect(set.status).toBe(200);
    expect(set.body.data.evseUid).toBe('TR*VLT*E000123*1');
    const detail = await t.call<{ data: Cp }>('GET', '/api/portal/ChargePoint/EVSE-16', { token: admin });
    expect(detail.body.data.connectors[0]?.evseUid).toBe('TR*VLT*E000123*1');
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'connector'), eq(auditLogs.entityId, String(first!.id))));
    expect(JSON.stringify(audits.at(-1)?.summary)).toContain('TR*VLT*E000123*1');
    const cleared = await editConnector({ id: first!.id, evseUid: '' });
    expect(cleared.body.data.evseUid).toBeNull();
    const compact = await editConnector({ id: first!.id, evseUid: 'TRVLTE0001' });
    expect(compact.body.data.evseUid).toBe('TRVLTE0001');
  });

  it('refuses an EVSE id that is not in the eMI3 shape or too long, in English and Turkish', async () => {
    const [, second] = (await connectorsOf('EVSE-16')).body.data;
    for (const evseUid of ['TR-VLT-E1', 'TR*VLT*1234', 'T*VLT*E1', 'TR*VLT*E1 2', 'TR*VLT*E']) {
      const r = await editConnector({ id: second!.id, evseUid });
      expect(r.status, evseUid).toBe(400);
      expect(r.body.details).toEqual([
        {
          field: 'body.evseUid',
          message:
            'Write the EVSE id as country, operator and E then its own id, such as TR*VLT*E000123*1: letters, digits and *.',
        },
      ]);
    }
    const long = await editConnector({ id: second!.id, evseUid: `TR*VLT*E${'1'.repeat(41)}` }, admin, 'tr');
    expect(long.status).toBe(400);
    expect(long.body.details?.[0]?.message).toBe('EVSE kimliği en fazla 48 karakter olabilir.');
    const longest = await editConnector({ id: second!.id, evseUid: `TR*VLT*E${'1'.repeat(40)}` });
    expect(longest.status).toBe(200);
  });

  it('refuses an EVSE id another connector of the same network has, on edit and on create', async () => {
    const [ankara] = (await connectorsOf('EVSE-ANK')).body.data;
    const taken = await editConnector({ id: ankara!.id, evseUid: 'trvlte0001' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Another connector of this network already has the EVSE id trvlte0001.');
    const added = await t.call<Err>('POST', '/api/portal/connector', {
      token: admin,
      body: { chargePointId: 'EVSE-ANK', connectorId: 3, evseUid: 'TRVLTE0001' },
    });
    expect(added.status).toBe(409);
    // Saving a connector with its own id again is no conflict.
    const [mine] = (await connectorsOf('EVSE-16')).body.data;
    const again = await editConnector({ id: mine!.id, evseUid: 'TRVLTE0001', maximumPower: 22000 });
    expect(again.status).toBe(200);
  });

  it('lets only those who may change charge points set an EVSE id, within their reach', async () => {
    const [ankara] = (await connectorsOf('EVSE-ANK')).body.data;
    expect((await editConnector({ id: ankara!.id, evseUid: 'TR*VLT*E0009' }, istanbul)).status).toBe(404);
    expect((await connectorsOf('EVSE-ANK', istanbul)).status).toBe(404);
    expect((await editConnector({ id: ankara!.id, evseUid: 'TR*VLT*E0009' }, finance)).status).toBe(403);
    expect((await connectorsOf('EVSE-ANK')).body.data[0]?.evseUid).toBeNull();
    const [own] = (await connectorsOf('EVSE-201', istanbul)).body.data;
    expect((await editConnector({ id: own!.id, evseUid: 'TR*VLT*E0201*1' }, istanbul)).status).toBe(200);
  });
});
