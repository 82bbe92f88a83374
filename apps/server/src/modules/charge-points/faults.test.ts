import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

// Why a charger faulted, since when and how often, as the support team sees it: the fault record
// of a StatusNotification (code, the charger's text, vendor code) on the connector and charge
// point, the fault history, and the charge point's state summed up from its connectors.

let t: TestApp;
let url: string;
let istanbul: string;
let admin: string;
const chargers: Client[] = [];
const ids: Record<string, number> = {};

type Fault = {
  errorCode: string;
  info: string | null;
  vendorId: string | null;
  vendorErrorCode: string | null;
  since: string;
};
type Cp = {
  id: number;
  chargePointId: string;
  state: string;
  fault: Fault | null;
  connectors: { connectorId: number; status: string; fault: Fault | null }[];
};
type Connector = { connectorId: number; status: string; info: string | null; fault: Fault | null };
type Period = {
  id: number;
  connectorId: number;
  errorCode: string;
  info: string | null;
  vendorId: string | null;
  vendorErrorCode: string | null;
  startedAt: string;
  endedAt: string | null;
};

const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
const GROUND = { info: 'RCD tripped on L2', vendorId: 'Voltline', vendorErrorCode: 'E-117' };

async function charger(id: string, operator?: string) {
  const cp = await registerChargePoint(t, id, `${id.toLowerCase()}-secret-1`, operator);
  ids[id] = cp.id;
  const c = await connectClient(url, id, `${id.toLowerCase()}-secret-1`);
  chargers.push(c);
  return c;
}

const status = (
  c: Client,
  connectorId: number,
  s: string,
  errorCode = 'NoError',
  extra: Record<string, unknown> = {},
) => c.call('StatusNotification', { connectorId, status: s, errorCode, ...extra });

async function chargePoint(id: string, token = istanbul) {
  const r = await t.call<{ data: Cp }>('GET', `/api/portal/ChargePoint/${id}`, { token });
  expect(r.status).toBe(200);
  return r.body.data;
}

async function connector(id: string, n: number) {
  const r = await t.call<{ data: Connector[] }>('GET', `/api/portal/connector?chargePointId=${id}`, {
    token: istanbul,
  });
  expect(r.status).toBe(200);
  return r.body.data.find((c) => c.connectorId === n);
}

async function faults(id: string, token = istanbul) {
  return t.call<{ data: { items: Period[]; total: number } }>(
    'GET',
    `/api/portal/ChargePoint/${ids[id]}/faults?index=0&size=10`,
    { token },
  );
}

async function listed(state: string) {
  const r = await t.call<{ data: { items: Cp[] } }>(
    'POST',
    '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=100',
    { token: istanbul, body: { search: 'FLT-', state } },
  );
  expect(r.status).toBe(200);
  return r.body.data.items.map((c) => c.chargePointId).sort();
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  istanbul = await t.login('istanbul@voltline.local');
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  for (const c of chargers) await c.close({ force: true });
  await t.close();
});

describe('a fault as the charger reported it', () => {
  let first = '';

  it('shows the error code, the charger’s text, the vendor code and since when on the connector and the charge point', async () => {
    const c = await charger('FLT-GND');
    first = ago(120);
    await status(c, 2, 'Available', 'NoError', { timestamp: ago(130) });
    await status(c, 1, 'Faulted', 'GroundFailure', { ...GROUND, timestamp: first });
    const expected = { errorCode: 'GroundFailure', ...GROUND, since: first };
    expect((await connector('FLT-GND', 1))?.fault).toEqual(expected);
    expect((await connector('FLT-GND', 2))?.fault).toBeNull();
    const cp = await chargePoint('FLT-GND');
    expect(cp.connectors.find((k) => k.connectorId === 1)?.fault).toEqual(expected);
    expect(cp.fault).toBeNull();
  });

  it('keeps the time the fault began while the charger repeats it', async () => {
    const c = chargers[0]!;
    await status(c, 1, 'Faulted', 'GroundFailure', { ...GROUND, timestamp: ago(60) });
    expect((await connector('FLT-GND', 1))?.fault?.since).toBe(first);
  });

  it('lists the fault in the charge point’s fault history while it lasts', async () => {
    const r = await faults('FLT-GND');
    expect(r.status).toBe(200);
    expect(r.body.data.total).toBe(1);
    const [period] = r.body.data.items;
    expect(period?.id).toBeGreaterThan(0);
    expect(period).toEqual({
      id: period?.id,
      connectorId: 1,
      errorCode: 'GroundFailure',
      ...GROUND,
      startedAt: first,
      endedAt: null,
    });
  });

  it('sums the charge point up as partly faulted, and the list filter finds it', async () => {
    expect((await chargePoint('FLT-GND')).state).toBe('partlyFaulted');
    expect(await listed('partlyFaulted')).toEqual(['FLT-GND']);
    expect(await listed('available')).toEqual([]);
  });

  it('sums it up as faulted once every connector is Faulted', async () => {
    const c = chargers[0]!;
    await status(c, 2, 'Faulted', 'HighTemperature', { timestamp: ago(50) });
    const cp = await chargePoint('FLT-GND');
    expect(cp.state).toBe('faulted');
    expect(cp.connectors.map((k) => k.fault?.errorCode)).toEqual(['GroundFailure', 'HighTemperature']);
    expect(await listed('faulted')).toEqual(['FLT-GND']);
    expect(await listed('partlyFaulted')).toEqual([]);
  });

  it('ends the fault when the connector becomes Available', async () => {
    const c = chargers[0]!;
    const cleared = ago(30);
    await status(c, 1, 'Available', 'NoError', { timestamp: cleared });
    expect((await connector('FLT-GND', 1))?.fault).toBeNull();
    const items = (await faults('FLT-GND')).body.data.items;
    expect(items.map((p) => [p.connectorId, p.errorCode, p.endedAt])).toEqual([
      [2, 'HighTemperature', null],
      [1, 'GroundFailure', cleared],
    ]);
    expect((await chargePoint('FLT-GND')).state).toBe('partlyFaulted');
  });

  it('shows the charge point’s own fault (connector 0) and sums it up as faulted', async () => {
    const c = await charger('FLT-CP');
    await status(c, 1, 'Available');
    await status(c, 2, 'Available');
    const at = ago(20);
    await status(c, 0, 'Faulted', 'PowerMeterFailure', { info: 'Meter bus silent', timestamp: at });
    const cp = await chargePoint('FLT-CP');
    expect(cp.fault).toEqual({
      errorCode: 'PowerMeterFailure',
      info: 'Meter bus silent',
      vendorId: null,
      vendorErrorCode: null,
      since: at,
    });
    expect(cp.state).toBe('faulted');
  });
});

describe('the summed-up state of a charge point', () => {
  it('is charging, available or offline from its connection and connectors, and the filter agrees', async () => {
    const charging = await charger('FLT-CHG');
    await status(charging, 1, 'Charging');
    await status(charging, 2, 'Available');
    const idle = await charger('FLT-IDL');
    await status(idle, 1, 'Available');
    await registerChargePoint(t, 'FLT-OFF', null);
    expect((await chargePoint('FLT-CHG')).state).toBe('charging');
    expect((await chargePoint('FLT-IDL')).state).toBe('available');
    expect((await chargePoint('FLT-OFF')).state).toBe('offline');
    expect(await listed('charging')).toEqual(['FLT-CHG']);
    expect(await listed('available')).toEqual(['FLT-IDL']);
    expect(await listed('offline')).toEqual(['FLT-OFF']);
    expect(await listed('faulted')).toEqual(['FLT-CP']);
  });

  it('writes the state in words in the list’s Excel export', async () => {
    const xlsx = await t.call('POST', '/api/portal/ChargePoint/GetAllChargePointsExcel', {
      token: istanbul,
      body: { search: 'FLT-', state: 'partlyFaulted' },
    });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const col = headers.indexOf('State');
    expect(col).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(1).text).toBe('FLT-GND');
    expect(sheet.getRow(2).getCell(col).text).toBe('Partly faulted');
    expect(sheet.rowCount).toBe(2);
  });

  it('refuses a state the list does not know', async () => {
    const r = await t.call('POST', '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10', {
      token: istanbul,
      body: { state: 'broken' },
    });
    expect(r.status).toBe(400);
  });
});

describe('the fault history’s reach', () => {
  it('is the charge point operator’s: a sibling operator’s user gets 404 and none of it', async () => {
    const c = await charger('FLT-ANK', 'Voltline Ankara');
    await status(c, 1, 'Faulted', 'GroundFailure', { ...GROUND, info: 'Ankara only' });
    const own = await faults('FLT-ANK', admin);
    expect(own.status).toBe(200);
    expect(own.body.data.items[0]?.info).toBe('Ankara only');
    const sibling = await faults('FLT-ANK', istanbul);
    expect(sibling.status).toBe(404);
    expect(JSON.stringify(sibling.body)).not.toContain('Ankara only');
  });
});
