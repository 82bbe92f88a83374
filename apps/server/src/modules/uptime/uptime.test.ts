import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { ChargePointUptime, UptimeExclusion, UptimeReport } from '@voltline/contract';
import { connectionEvents, statusHistory } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';
import { uptimeDocument } from './uptime.pdf.js';

// Uptime by 23 CFR 680.116(b) over a scripted September 2026 of Voltline İstanbul (Europe/Istanbul,
// UTC+3: the month runs from 2026-08-31T21:00Z to 2026-09-30T21:00Z, 30 days = 43,200 minutes per
// connector). The expected figures are counted by hand below.

let t: TestApp;
let admin: string;
let istanbul: string;
let finance: string;
let a: { id: number; operatorId: number };
let b: { id: number; operatorId: number };
let ank: { id: number; operatorId: number };

type Err = { error: string; details?: { field: string; message: string }[] };
const MONTH = 43_200;
const at = (iso: string) => new Date(iso);
const report = (token: string, query = 'month=2026-09') =>
  t.call<{ data: UptimeReport }>('GET', `/api/portal/uptime/report?${query}`, { token });
const exclude = (token: string, cpId: number, body: object) =>
  t.call<{ data: UptimeExclusion; message: string }>(
    'POST',
    `/api/portal/ChargePoint/${cpId}/uptime-exclusions`,
    { token, body },
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  a = await registerChargePoint(t, 'UPT-A', null);
  b = await registerChargePoint(t, 'UPT-B', null);
  ank = await registerChargePoint(t, 'UPT-ANK', null, 'Voltline Ankara');
  const db = t.database.db;
  await db.insert(connectionEvents).values([
    // Both connected since August: they exist for the whole of September.
    { chargePointId: a.id, event: 'connected', at: at('2026-08-01T00:00:00Z') },
    { chargePointId: b.id, event: 'connected', at: at('2026-08-01T00:00:00Z') },
    { chargePointId: ank.id, event: 'connected', at: at('2026-08-01T00:00:00Z') },
    // A offline for an hour: both its connectors down 60 minutes.
    { chargePointId: a.id, event: 'disconnected', at: at('2026-09-10T00:00:00Z') },
    { chargePointId: a.id, event: 'connected', at: at('2026-09-10T01:00:00Z') },
  ]);
  const status = (connectorId: number, s: string, iso: string) => ({
    chargePointId: a.id,
    connectorId,
    status: s,
    errorCode: s === 'Faulted' ? 'GroundFailure' : 'NoError',
    at: at(iso),
  });
  await db.insert(statusHistory).values([
    status(1, 'Available', '2026-08-01T00:00:00Z'),
    // Connector 1 Faulted 10:00–12:00: 120 minutes.
    status(1, 'Faulted', '2026-09-05T10:00:00Z'),
    status(1, 'Available', '2026-09-05T12:00:00Z'),
    // Connector 2 Faulted from 20:00Z on 31 August (23:00 in İstanbul) to 22:00Z (1 September
    // 01:00 there): only 21:00–22:00Z, 60 minutes, fall in the month.
    status(2, 'Faulted', '2026-08-31T20:00:00Z'),
    status(2, 'Available', '2026-08-31T22:00:00Z'),
    // Connector 2 Unavailable 00:00–03:00: 180 minutes.
    status(2, 'Unavailable', '2026-09-20T00:00:00Z'),
    status(2, 'Charging', '2026-09-20T03:00:00Z'),
    status(2, 'Available', '2026-09-20T04:00:00Z'),
    // The charge point as a whole (connector 0) Unavailable 30 minutes: both connectors down.
    status(0, 'Unavailable', '2026-09-25T00:00:00Z'),
    status(0, 'Available', '2026-09-25T00:30:00Z'),
  ]);
  // Ankara's charger faulted in the month too; İstanbul's report never shows it.
  await db.insert(statusHistory).values({
    chargePointId: ank.id,
    connectorId: 1,
    status: 'Faulted',
    errorCode: 'OtherError',
    at: at('2026-09-01T00:00:00Z'),
  });
});
afterAll(async () => {
  await t.close();
});

describe('excluded downtime', () => {
  it('is added by staff with a reason, audited, and listed on the charge point', async () => {
    // A grid outage 11:00–13:00 on connector 1: covers 60 of its 120 faulted minutes.
    const grid = await exclude(istanbul, a.id, {
      connectorId: 1,
      reason: 'grid_outage',
      startsAt: '2026-09-05T11:00:00Z',
      endsAt: '2026-09-05T13:00:00Z',
    });
    expect(grid.status).toBe(200);
    expect(grid.body.message).toBe('The excluded downtime was added.');
    // Vandalism of the whole charge point 00:30–02:00 on the 10th: 30 of the offline hour.
    const vandalism = await exclude(istanbul, a.id, {
      reason: 'vandalism',
      note: 'Cable cut',
      startsAt: '2026-09-10T00:30:00Z',
      endsAt: '2026-09-10T02:00:00Z',
    });
    expect(vandalism.status).toBe(200);
    const list = await t.call<{ data: UptimeExclusion[] }>(
      'GET',
      `/api/portal/ChargePoint/${a.id}/uptime-exclusions`,
      { token: istanbul },
    );
    expect(list.body.data.map((e) => [e.reason, e.connectorId, e.startsAt])).toEqual([
      ['grid_outage', 1, '2026-09-05T11:00:00.000Z'],
      ['vandalism', null, '2026-09-10T00:30:00.000Z'],
    ]);
    const audit = await t.call<{ data: { items: { action: string; entityId: string }[] } }>(
      'POST',
      '/api/portal/AuditLogs/GetAuditLogsDynamic?index=0&size=10',
      { token: admin, body: { entity: 'uptimeExclusion' } },
    );
    expect(audit.body.data.items).toContainEqual(
      expect.objectContaining({ action: 'create', entityId: String(grid.body.data.id) }),
    );
  });

  it("counts the maintenance log's planned maintenance as excluded", async () => {
    // Planned maintenance of connector 2 00:00–02:00 on the 20th: 120 of its 180 Unavailable minutes.
    const r = await t.call('POST', '/api/messageTrace/MaintenanceLogs/add', {
      token: istanbul,
      body: {
        chargePointId: 'UPT-A',
        connectorId: 2,
        type: 'plannedMaintenance',
        description: 'Annual service',
        technician: 'Ali Usta',
        startedAt: '2026-09-20T00:00:00Z',
        endedAt: '2026-09-20T02:00:00Z',
      },
    });
    expect(r.status).toBe(200);
  });

  it('refuses an end before the start, "other" without words and an unknown connector', async () => {
    const base = { reason: 'grid_outage', startsAt: '2026-09-05T11:00:00Z', endsAt: '2026-09-05T13:00:00Z' };
    const early = await exclude(istanbul, a.id, { ...base, endsAt: '2026-09-05T10:00:00Z' });
    expect(early.status).toBe(400);
    const other = await exclude(istanbul, a.id, { ...base, reason: 'other' });
    expect(other.status).toBe(400);
    expect((other.body as unknown as Err).details?.[0]?.field).toBe('body.note');
    const connector = await exclude(istanbul, a.id, { ...base, connectorId: 7 });
    expect(connector.status).toBe(400);
  });

  it("is refused without chargePoints:write, and another operator's charge point is 404", async () => {
    const body = { reason: 'grid_outage', startsAt: '2026-09-01T00:00:00Z', endsAt: '2026-09-01T01:00:00Z' };
    expect((await exclude(finance, a.id, body)).status).toBe(403);
    expect((await exclude(istanbul, ank.id, body)).status).toBe(404);
    const list = await t.call('GET', `/api/portal/ChargePoint/${ank.id}/uptime-exclusions`, {
      token: istanbul,
    });
    expect(list.status).toBe(404);
  });
});

// Hand count. Connector 1: offline 60 + faulted 120 + charge point unavailable 30 = 210 minutes of
// outage, of which 30 (vandalism) + 60 (grid) = 90 excluded. Connector 2: 60 (faulted on the
// month's first local hour) + offline 60 + unavailable 180 + charge point 30 = 330, of which 30
// (vandalism) + 120 (planned maintenance) = 150 excluded. UPT-B: no outage.
const expected = {
  c1: { minutes: MONTH, outageMinutes: 210, excludedMinutes: 90, uptime: ((MONTH - 120) / MONTH) * 100 },
  c2: { minutes: MONTH, outageMinutes: 330, excludedMinutes: 150, uptime: ((MONTH - 180) / MONTH) * 100 },
};

function close(actual: object, want: Record<string, number>) {
  for (const [k, v] of Object.entries(want)) expect((actual as Record<string, number>)[k]).toBeCloseTo(v, 6);
}

describe('the monthly report', () => {
  it("matches the hand count per connector, per charge point and for the operator, in the operator's time zone", async () => {
    const r = await report(istanbul);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      operatorName: 'Voltline İstanbul',
      timeZone: 'Europe/Istanbul',
      from: '2026-08-31T21:00:00.000Z',
      to: '2026-09-30T21:00:00.000Z',
      target: 97,
    });
    expect(d.chargePoints.map((c) => c.chargePointId)).not.toContain('UPT-ANK');
    const cpA = d.chargePoints.find((c) => c.chargePointId === 'UPT-A')!;
    const cpB = d.chargePoints.find((c) => c.chargePointId === 'UPT-B')!;
    close(cpA.connectors[0]!, expected.c1);
    close(cpA.connectors[1]!, expected.c2);
    close(cpA, {
      minutes: 2 * MONTH,
      outageMinutes: 540,
      excludedMinutes: 240,
      uptime: ((2 * MONTH - 300) / (2 * MONTH)) * 100,
    });
    close(cpB, { minutes: 2 * MONTH, outageMinutes: 0, excludedMinutes: 0, uptime: 100 });
    // The operator's total: every connector of its charge points in the month added up.
    const all = d.chargePoints.flatMap((c) => c.connectors);
    const minutes = all.reduce((n, c) => n + c.minutes, 0);
    const outage = all.reduce((n, c) => n + c.outageMinutes, 0);
    const excluded = all.reduce((n, c) => n + c.excludedMinutes, 0);
    expect(outage).toBeCloseTo(540, 6);
    close(d.total, {
      minutes,
      outageMinutes: 540,
      excludedMinutes: 240,
      uptime: ((minutes - 300) / minutes) * 100,
    });
    expect(excluded).toBeCloseTo(240, 6);
  });

  it('gives one charge point over any span', async () => {
    const r = await t.call<{ data: ChargePointUptime }>(
      'GET',
      `/api/portal/ChargePoint/${a.id}/uptime?from=2026-09-05T00:00:00Z&to=2026-09-06T00:00:00Z`,
      { token: istanbul },
    );
    expect(r.status).toBe(200);
    close(r.body.data.connectors[0]!, {
      minutes: 1440,
      outageMinutes: 120,
      excludedMinutes: 60,
      uptime: ((1440 - 60) / 1440) * 100,
    });
    close(r.body.data.connectors[1]!, { minutes: 1440, outageMinutes: 0, uptime: 100 });
  });

  it('counts a deleted exclusion as outage again, and audits the deletion', async () => {
    const list = await t.call<{ data: UptimeExclusion[] }>(
      'GET',
      `/api/portal/ChargePoint/${a.id}/uptime-exclusions`,
      { token: istanbul },
    );
    const grid = list.body.data.find((e) => e.reason === 'grid_outage')!;
    const theirs = await exclude(admin, ank.id, {
      reason: 'natural_disaster',
      startsAt: '2026-09-01T00:00:00Z',
      endsAt: '2026-09-02T00:00:00Z',
    });
    expect(theirs.status).toBe(200);
    const other = await t.call('DELETE', `/api/portal/uptime-exclusions/${theirs.body.data.id}`, {
      token: istanbul,
    });
    expect(other.status).toBe(404);
    const del = await t.call('DELETE', `/api/portal/uptime-exclusions/${grid.id}`, { token: istanbul });
    expect(del.status).toBe(200);
    const after = (await report(istanbul)).body.data.chargePoints.find((c) => c.chargePointId === 'UPT-A')!;
    close(after.connectors[0]!, {
      outageMinutes: 210,
      excludedMinutes: 30,
      uptime: ((MONTH - 180) / MONTH) * 100,
    });
    const audit = await t.call<{ data: { items: { action: string; entityId: string }[] } }>(
      'POST',
      '/api/portal/AuditLogs/GetAuditLogsDynamic?index=0&size=10',
      { token: admin, body: { entity: 'uptimeExclusion' } },
    );
    expect(audit.body.data.items).toContainEqual(
      expect.objectContaining({ action: 'delete', entityId: String(grid.id) }),
    );
  });

  it("keeps to the user's reach: another operator is 404, a bad month 400", async () => {
    const ops = (
      await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
        token: admin,
      })
    ).body.data;
    const ankaraId = ops.find((o) => o.name === 'Voltline Ankara')!.id;
    expect((await report(istanbul, `month=2026-09&operatorId=${ankaraId}`)).status).toBe(404);
    const theirs = await report(admin, `month=2026-09&operatorId=${ankaraId}`);
    const ids = theirs.body.data.chargePoints.map((c) => c.chargePointId);
    expect(ids).toContain('UPT-ANK');
    expect(ids).not.toContain('UPT-A');
    // The admin's own operator, the network's root, reports every charge point below it.
    const network = (await report(admin)).body.data.chargePoints.map((c) => c.chargePointId);
    expect(network).toEqual(expect.arrayContaining(['UPT-A', 'UPT-ANK']));
    // Faulted from 1 September 00:00Z to the month's end (21:00Z on the 30th), less the natural
    // disaster of the first day (00:00Z–24:00Z): 43,200 − 180 minutes of outage, 1,440 excluded.
    const ankCp = theirs.body.data.chargePoints.find((c) => c.chargePointId === 'UPT-ANK')!;
    close(ankCp.connectors[0]!, { outageMinutes: MONTH - 180, excludedMinutes: 1440 });
    expect((await report(istanbul, 'month=2026-13')).status).toBe(400);
    const cp = await t.call(
      'GET',
      `/api/portal/ChargePoint/${ank.id}/uptime?from=2026-09-01T00:00:00Z&to=2026-09-02T00:00:00Z`,
      { token: istanbul },
    );
    expect(cp.status).toBe(404);
  });

  it('exports the same lines as Excel', async () => {
    const json = (await report(istanbul)).body.data;
    const r = await t.call('GET', '/api/portal/uptime/report/excel?month=2026-09', { token: istanbul });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]!.getSheetValues().slice(2) as unknown[][]).map((row) => row.slice(1));
    const round = (n: number, d: number) => Number(n.toFixed(d));
    const want = [
      ...json.chargePoints.flatMap((cp) => [
        ...cp.connectors.map((c) => [cp.chargePointId, cp.name, String(c.connectorId), c]),
        [cp.chargePointId, cp.name, 'All connectors', cp],
      ]),
      ['Total', 'Voltline İstanbul', '', json.total],
    ].map(([id, name, connector, f]) => {
      const x = f as ChargePointUptime;
      return [
        id,
        name,
        connector || undefined, // an empty cell reads back as nothing
        round(x.minutes, 2),
        round(x.outageMinutes, 2),
        round(x.excludedMinutes, 2),
        x.uptime === null ? undefined : round(x.uptime, 3),
      ];
    });
    expect(rows.map((row) => [...row, ...Array<undefined>(7 - row.length)].slice(0, 7))).toEqual(want);
    expect(rows).toContainEqual([
      'UPT-A',
      'UPT-A',
      '1',
      MONTH,
      210,
      30,
      round(((MONTH - 180) / MONTH) * 100, 3),
    ]);
  });

  it('prints the same lines as PDF, in Turkish too', async () => {
    const json = (await report(istanbul)).body.data;
    const r = await t.call('GET', '/api/portal/uptime/report/pdf?month=2026-09', { token: istanbul });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe('application/pdf');
    expect(r.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tr = uptimeDocument(json, 'tr');
    const a = tr.table!.rows.filter((row) => row[0] === 'UPT-A');
    // Connector 1 after the grid outage was deleted: 210 minutes out, 30 excluded.
    expect(a[0]).toEqual(['UPT-A', '1', '43.200', '210,0', '30,0', '99,583 %']);
    expect(a[2]?.[1]).toBe('Tüm soketler');
    expect(tr.totals).toEqual([['Tüm soketlerde çalışma süresi', '99,792 %']]);
  });
});
