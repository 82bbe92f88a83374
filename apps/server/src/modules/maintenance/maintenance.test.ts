import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { MaintenanceLog } from '@voltline/contract';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot,
  connectClient,
  listen,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

// The maintenance log: entries recorded from what a real charger reports over OCPP, technicians'
// entries with their validation and audit, the role table, tenant scope and the Excel export.

let t: TestApp;
let charger: Client;
let admin: string;
let istanbul: string;
let support: string;
let safety: string;
let finance: string;

type PageOf<T> = { data: { items: T[]; total: number } };
type Err = { error: string; details?: { field: string; message: string }[] };

const BASE = '/api/messageTrace/MaintenanceLogs';
const history = (token: string, cp: string) =>
  t.call<PageOf<MaintenanceLog>>('GET', `${BASE}?ChargePointId=${cp}&index=0&size=50`, { token });
const network = (token: string, body: object = {}) =>
  t.call<PageOf<MaintenanceLog>>('POST', `${BASE}?index=0&size=50`, { token, body });
const entries = async (type: string) =>
  (await history(admin, 'MNT-1')).body.data.items.filter((e) => e.type === type);
const status = (connectorId: number, s: string, errorCode = 'NoError', extra: object = {}) =>
  charger.call('StatusNotification', { connectorId, status: s, errorCode, ...extra });

const manual = {
  chargePointId: 'MNT-1',
  connectorId: 1,
  type: 'repair',
  description: 'Replaced the cable of connector 1',
  technician: 'Ali Usta',
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: '2026-11-20T11:30:00.000Z',
};

beforeAll(async () => {
  t = await createTestApp();
  const url = await listen(t);
  await registerChargePoint(t, 'MNT-1', 'maintenance-secret-1');
  await registerChargePoint(t, 'MNT-ANK', 'maintenance-secret-2', 'Voltline Ankara');
  charger = await connectClient(url, 'MNT-1', 'maintenance-secret-1');
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  support = await t.login('support@voltline.local');
  safety = await t.login('safety@voltline.local');
  finance = await t.login('finance@voltline.local');
});
afterAll(async () => {
  await charger.close({ force: true });
  await t.close();
});

describe('automatic entries from the charger', () => {
  it('records a fault once, with its error code, note and manufacturer code, however often it is repeated', async () => {
    await status(1, 'Available');
    const fault = { info: 'Earth leakage', vendorErrorCode: 'E42' };
    await status(1, 'Faulted', 'GroundFailure', fault);
    await status(1, 'Faulted', 'GroundFailure', fault);
    const faults = await entries('fault');
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({
      source: 'auto',
      connectorId: 1,
      endedAt: null,
      operatorName: 'Voltline İstanbul',
      details: {
        errorCode: 'GroundFailure',
        info: 'Earth leakage',
        vendorErrorCode: 'E42',
        status: 'Faulted',
      },
    });
  });

  it('closes the fault and records that it cleared when the connector reports NoError', async () => {
    await status(1, 'Available');
    const [cleared] = await entries('faultCleared');
    expect(cleared).toMatchObject({ connectorId: 1, details: { errorCode: 'GroundFailure' } });
    const [fault] = await entries('fault');
    expect(fault?.endedAt).not.toBeNull();
    // A further NoError report has no fault to clear.
    await status(1, 'Available');
    expect(await entries('faultCleared')).toHaveLength(1);
  });

  it('records a connector going out of and back into service', async () => {
    await status(2, 'Available');
    await status(2, 'Unavailable');
    await status(2, 'Available');
    const changes = (await entries('availability')).filter((e) => e.connectorId === 2);
    expect(changes.map((e) => [e.details.previousStatus, e.details.status])).toEqual([
      ['Unavailable', 'Available'],
      ['Available', 'Unavailable'],
    ]);
  });

  it('records reboots with the firmware version, and says when the version changed', async () => {
    await charger.call('BootNotification', { ...boot, firmwareVersion: '1.2.3' });
    await charger.call('BootNotification', { ...boot, firmwareVersion: '1.3.0' });
    const [latest, first] = await entries('reboot');
    expect(first?.details).toMatchObject({ firmwareVersion: '1.2.3', firmwareChanged: false });
    expect(latest?.details).toMatchObject({
      firmwareVersion: '1.3.0',
      previousFirmwareVersion: '1.2.3',
      firmwareChanged: true,
    });
  });

  it('records firmware and diagnostics statuses, but not Idle', async () => {
    await charger.call('FirmwareStatusNotification', { status: 'Installing' });
    await charger.call('FirmwareStatusNotification', { status: 'Idle' });
    await charger.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    expect((await entries('firmware')).map((e) => e.details.status)).toEqual(['Installing']);
    expect((await entries('diagnostics')).map((e) => e.details.status)).toEqual(['Uploaded']);
  });

  it('records an accepted ChangeAvailability with the user who sent it', async () => {
    charger.handle('ChangeAvailability', () => Promise.resolve({ status: 'Scheduled' }));
    const r = await t.call('POST', '/api/ocpp/RemoteTrigger/changeAvailability', {
      token: support,
      body: { chargePointId: 'MNT-1', connectorId: 0, type: 'Inoperative' },
    });
    expect(r.status).toBe(200);
    const entry = await until(async () =>
      (await entries('availability')).find((e) => e.details.requested === 'Inoperative'),
    );
    expect(entry).toMatchObject({
      connectorId: 0,
      createdByName: 'Selin Demir',
      details: { answer: 'Scheduled' },
    });
  });
});

describe("technicians' entries", () => {
  let id: number;

  it('adds an entry, audited, and shows it in the charger history and the network list', async () => {
    const r = await t.call<{ data: MaintenanceLog; message: string }>('POST', `${BASE}/add`, {
      token: istanbul,
      body: manual,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('The maintenance entry was added.');
    id = r.body.data.id;
    expect(r.body.data).toMatchObject({
      source: 'manual',
      type: 'repair',
      technician: 'Ali Usta',
      createdByName: 'Deniz Çelik',
    });
    const found = await network(istanbul, { source: 'manual', search: 'cable' });
    expect(found.body.data.items.map((e) => e.id)).toEqual([id]);
    const audit = await t.call<PageOf<{ action: string; entityId: string }>>(
      'POST',
      '/api/portal/AuditLogs/GetAuditLogsDynamic?index=0&size=10',
      { token: admin, body: { entity: 'maintenanceLog' } },
    );
    expect(audit.body.data.items).toContainEqual(
      expect.objectContaining({ action: 'create', entityId: String(id) }),
    );
  });

  it('refuses an end before the start, a type outside the list and an unknown charger', async () => {
    const early = await t.call<Err>('POST', `${BASE}/add`, {
      token: istanbul,
      body: { ...manual, endedAt: '2026-11-20T08:00:00.000Z' },
    });
    expect(early.status).toBe(400);
    expect(early.body.details).toContainEqual({
      field: 'body.endedAt',
      message: 'The end must be after the start.',
    });
    const auto = await t.call('POST', `${BASE}/add`, { token: istanbul, body: { ...manual, type: 'fault' } });
    expect(auto.status).toBe(400);
    const noConnector = await t.call<Err>('POST', `${BASE}/add`, {
      token: istanbul,
      body: { ...manual, connectorId: 7 },
      headers: { 'accept-language': 'tr' },
    });
    expect(noConnector.status).toBe(400);
    expect(noConnector.body.details).toContainEqual({
      field: 'body.connectorId',
      message: 'Bu şarj istasyonunda böyle bir soket yok.',
    });
    const gone = await t.call<Err>('POST', `${BASE}/add`, {
      token: istanbul,
      body: { ...manual, chargePointId: 'NO-SUCH-CP' },
    });
    expect(gone.status).toBe(404);
  });

  it('edits and deletes a manual entry, each audited', async () => {
    const { startedAt, endedAt, connectorId } = manual;
    const r = await t.call<{ data: MaintenanceLog }>('PUT', `${BASE}/${id}`, {
      token: istanbul,
      body: {
        type: 'inspection',
        description: 'Checked all cables',
        technician: 'Ayşe',
        startedAt,
        endedAt,
        connectorId,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ type: 'inspection', technician: 'Ayşe' });
    const del = await t.call('DELETE', `${BASE}/${id}`, { token: istanbul });
    expect(del.status).toBe(200);
    expect((await network(admin, { source: 'manual' })).body.data.items.map((e) => e.id)).not.toContain(id);
    const audit = await t.call<PageOf<{ action: string }>>(
      'POST',
      '/api/portal/AuditLogs/GetAuditLogsDynamic?index=0&size=10',
      { token: admin, body: { entity: 'maintenanceLog' } },
    );
    expect(audit.body.data.items.map((l) => l.action)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses to change or delete an automatic entry', async () => {
    const [fault] = await entries('fault');
    const put = await t.call<Err>('PUT', `${BASE}/${fault!.id}`, {
      token: admin,
      body: { type: 'repair', description: 'x', technician: 'y', startedAt: manual.startedAt },
    });
    expect(put.status).toBe(409);
    expect(put.body.error).toMatch(/recorded from what the charger reported/);
    expect((await t.call('DELETE', `${BASE}/${fault!.id}`, { token: admin })).status).toBe(409);
  });
});

describe('who may read and write', () => {
  it('gives Finance no access, and lets the Site Safety Officer read but not write', async () => {
    expect((await history(finance, 'MNT-1')).status).toBe(403);
    expect((await network(finance)).status).toBe(403);
    expect((await history(safety, 'MNT-1')).status).toBe(200);
    expect((await network(safety)).status).toBe(200);
    const add = await t.call('POST', `${BASE}/add`, { token: safety, body: manual });
    expect(add.status).toBe(403);
  });

  it("keeps another operator's charger and its entries out of reach", async () => {
    const ank = await t.call<{ data: MaintenanceLog }>('POST', `${BASE}/add`, {
      token: admin,
      body: { ...manual, chargePointId: 'MNT-ANK', description: 'Ankara secret work' },
    });
    expect(ank.status).toBe(200);
    expect((await history(istanbul, 'MNT-ANK')).status).toBe(404);
    const list = await network(istanbul, { search: 'Ankara secret' });
    expect(list.body.data.total).toBe(0);
    const add = await t.call('POST', `${BASE}/add`, {
      token: istanbul,
      body: { ...manual, chargePointId: 'MNT-ANK' },
    });
    expect(add.status).toBe(404);
    const { chargePointId: _cp, ...change } = manual;
    expect(
      (await t.call('PUT', `${BASE}/${ank.body.data.id}`, { token: istanbul, body: change })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `${BASE}/${ank.body.data.id}`, { token: istanbul })).status).toBe(404);
    expect((await network(admin, { search: 'Ankara secret' })).body.data.total).toBe(1);
  });
});

describe('the Excel export', () => {
  it('writes the filtered entries with headers and values in the reader’s language', async () => {
    await t.call('POST', `${BASE}/add`, {
      token: istanbul,
      body: { ...manual, type: 'cleaning', description: 'Cleaned the display' },
    });
    const r = await t.call('POST', `${BASE}/MaintenanceLogsExcel`, {
      token: istanbul,
      body: { chargePointId: 'MNT-1' },
      headers: { 'accept-language': 'tr' },
    });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    const text = rows.map((row) =>
      row
        .slice(1)
        .map((c) =>
          c instanceof Date ? 'date' : typeof c === 'string' || typeof c === 'number' ? String(c) : '',
        ),
    );
    expect(text[0]).toEqual(expect.arrayContaining(['Şarj istasyonu', 'Tür', 'Açıklama', 'Teknisyen']));
    expect(text).toContainEqual(
      expect.arrayContaining(['Temizlik', 'Teknisyen', 'Cleaned the display', 'Ali Usta']),
    );
    expect(text).toContainEqual(
      expect.arrayContaining([
        'Arıza',
        'Otomatik',
        'Topraklama arızası (şarj istasyonunun notu: Earth leakage; üretici kodu: E42)',
      ]),
    );
    expect(text.flat().join(' ')).not.toContain('Ankara secret work');
  });
});
