import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { chargePoints, chargingSessions, connectionEvents } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, rawSocket, registerChargePoint, until } from '../../../test/ocpp-helper.js';

let t: TestApp;
let url: string;
let admin: string;
let istanbul: string;
let finance: string;
let ops: { id: number; name: string }[];

type Err = { error: string; details?: { field: string; message: string }[] };
type Cp = {
  id: number;
  chargePointId: string;
  name: string;
  connection: string;
  archived: boolean;
  activeSessions: number;
  connectors: { connectorId: number; status: string }[];
};
type Creds = { data: { chargePoint: Cp; ocppUrl: string; password: string }; message: string };
type PageOut = { data: { items: Cp[]; total: number } };

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  finance = await t.login('finance@voltline.local');
  ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
});
afterAll(() => t.close());

const opId = (name: string) => ops.find((o) => o.name === name)?.id ?? 0;

function create(body: Record<string, unknown>, token = admin) {
  return t.call<Creds>('POST', '/api/portal/ChargePoint', { token, body });
}

describe('charge point registry', () => {
  it('creates a charge point whose shown URL and password let the charger in', async () => {
    const r = await create({
      chargePointId: 'IST-KDK-01',
      name: 'Kadıköy Otopark',
      operatorId: opId('Voltline İstanbul'),
      brand: 'ABB',
      model: 'Terra 54',
      latitude: 40.99,
      longitude: 29.03,
      countryCode: 'tr',
      city: 'İstanbul',
      maxPower: 50000,
      openingTime: '07:00',
      closingTime: '23:00',
      connectorCount: 2,
      connectorType: 'CCS2',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/Copy its password now/);
    expect(r.body.data.ocppUrl).toBe('ws://voltline.test/ocpp/IST-KDK-01');
    expect(r.body.data.password.length).toBeGreaterThanOrEqual(20);
    expect(r.body.data.chargePoint.connectors.map((c) => c.connectorId)).toEqual([1, 2]);
    expect(JSON.stringify(r.body)).not.toMatch(/sha256/);

    const client = await connectClient(url, 'IST-KDK-01', r.body.data.password);
    await client.call('BootNotification', { chargePointVendor: 'ABB', chargePointModel: 'Terra 54' });
    const detail = await until(async () => {
      const d = await t.call<{ data: Cp }>('GET', '/api/portal/ChargePoint/IST-KDK-01', { token: admin });
      return d.body.data.connection === 'Connected' ? d.body.data : undefined;
    });
    expect(detail.name).toBe('Kadıköy Otopark');
    await client.close();
  });

  it('refuses ids that are not safe in a URL, and duplicates, with clear messages', async () => {
    const bad = await create({ chargePointId: 'bad id/1', name: 'X', operatorId: opId('Voltline İstanbul') });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as Err).details?.[0]).toMatchObject({ field: 'body.chargePointId' });
    expect((bad.body as unknown as Err).details?.[0]?.message).toMatch(
      /letters, digits, dots, dashes or underscores/,
    );
    const dup = await create({
      chargePointId: 'ist-kdk-01',
      name: 'Y',
      operatorId: opId('Voltline İstanbul'),
    });
    expect(dup.status).toBe(409);
    expect((dup.body as unknown as Err).error).toBe('A charge point with this id already exists.');
    const hours = await create({
      chargePointId: 'H-1',
      name: 'Y',
      operatorId: opId('Voltline İstanbul'),
      openingTime: '25:00',
    });
    expect((hours.body as unknown as Err).details?.[0]?.message).toBe('Use the 24-hour format HH:MM.');
  });

  it('lists, filters and pages in the database; All / Active / Archived', async () => {
    for (const [id, city, op] of [
      ['ANK-01', 'Ankara', 'Voltline Ankara'],
      ['ANK-02', 'Ankara', 'Voltline Ankara'],
      ['IST-02', 'İstanbul', 'Voltline İstanbul'],
    ] as const) {
      expect(
        (await create({ chargePointId: id, name: `Site ${id}`, operatorId: opId(op), city })).status,
      ).toBe(200);
    }
    const all = await t.call<PageOut>(
      'POST',
      '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=2',
      {
        token: admin,
        body: { sortBy: 'chargePointId' },
      },
    );
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.items.map((c) => c.chargePointId)).toEqual(['ANK-01', 'ANK-02']);
    const ankara = await t.call<PageOut>(
      'POST',
      '/api/portal/ChargePoint/GetActiveChargePointsDynamic?index=0&size=10',
      {
        token: admin,
        body: { city: 'ankara', connection: 'Disconnected' },
      },
    );
    expect(ankara.body.data.items.map((c) => c.chargePointId)).toEqual(['ANK-01', 'ANK-02']);
    const pending = await create({
      chargePointId: 'PEND-1',
      name: 'Waiting',
      operatorId: opId('Voltline Ankara'),
      registrationStatus: 'pending',
    });
    expect(pending.status).toBe(200);
    const page = (list: string) =>
      t.call<PageOut>('POST', `/api/portal/ChargePoint/${list}?index=0&size=10`, { token: admin, body: {} });
    const inactive = await page('GetInactiveChargePointsDynamic');
    expect(inactive.body.data.items.map((c) => c.chargePointId)).toEqual(['PEND-1']);
    const activeNow = await page('GetActiveChargePointsDynamic');
    expect(activeNow.body.data.items.map((c) => c.chargePointId)).not.toContain('PEND-1');
    // Accepting it moves it to the Active list.
    await t.call('PUT', '/api/portal/ChargePoint', {
      token: admin,
      body: { id: pending.body.data.chargePoint.id, registrationStatus: 'accepted' },
    });
    expect((await page('GetInactiveChargePointsDynamic')).body.data.total).toBe(0);
    const search = await t.call<PageOut>(
      'POST',
      '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10',
      {
        token: admin,
        body: { search: 'kadıköy' },
      },
    );
    expect(search.body.data.items.map((c) => c.chargePointId)).toEqual(['IST-KDK-01']);
  });

  it('keeps a branch to its own charge points in lists, exports, lookups and detail', async () => {
    const list = await t.call<PageOut>(
      'POST',
      '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10',
      { token: istanbul, body: {} },
    );
    expect(list.body.data.items.map((c) => c.chargePointId).sort()).toEqual(['IST-02', 'IST-KDK-01']);
    const light = await t.call<{ data: { chargePointId: string }[] }>(
      'GET',
      '/api/portal/ChargePoint/GetAllChargePointsLightweight',
      { token: istanbul },
    );
    expect(light.body.data.map((c) => c.chargePointId).sort()).toEqual(['IST-02', 'IST-KDK-01']);
    const xlsx = await t.call('POST', '/api/portal/ChargePoint/GetAllChargePointsExcel', {
      token: istanbul,
      body: {},
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const ids: string[] = [];
    wb.worksheets[0]?.eachRow((row, n) => n > 1 && ids.push(row.getCell(1).text));
    expect(ids.sort()).toEqual(['IST-02', 'IST-KDK-01']);
    expect((await t.call('GET', '/api/portal/ChargePoint/ANK-01', { token: istanbul })).status).toBe(404);
    const ank = (await t.call<{ data: Cp }>('GET', '/api/portal/ChargePoint/ANK-01', { token: admin })).body
      .data;
    expect(
      (
        await t.call('PUT', '/api/portal/ChargePoint', {
          token: istanbul,
          body: { id: ank.id, name: 'Mine' },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/portal/ChargePoint/${ank.id}`, { token: istanbul })).status).toBe(
      404,
    );
    expect(
      (await create({ chargePointId: 'X-1', name: 'X', operatorId: opId('Voltline Ankara') }, istanbul))
        .status,
    ).toBe(400);
  });

  it('lets Finance read but not change charge points', async () => {
    expect(
      (
        await t.call('POST', '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10', {
          token: finance,
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(
      (await create({ chargePointId: 'F-1', name: 'F', operatorId: opId('Voltline Ankara') }, finance))
        .status,
    ).toBe(403);
  });

  it('updates fields and audits the change', async () => {
    const cp = (await t.call<{ data: Cp }>('GET', '/api/portal/ChargePoint/IST-02', { token: admin })).body
      .data;
    const r = await t.call<{ data: Cp & { city: string; maxPower: number } }>(
      'PUT',
      '/api/portal/ChargePoint',
      {
        token: admin,
        body: { id: cp.id, city: 'Üsküdar', maxPower: 22000 },
      },
    );
    expect(r.body.data).toMatchObject({ city: 'Üsküdar', maxPower: 22000, name: 'Site IST-02' });
  });

  it('archives and restores; an archived charger cannot connect; an active session blocks archiving', async () => {
    const created = await create({
      chargePointId: 'ARC-1',
      name: 'Archive me',
      operatorId: opId('Voltline İstanbul'),
    });
    const { id } = created.body.data.chargePoint;
    expect(created.body.data.chargePoint.activeSessions).toBe(0);
    const client = await connectClient(url, 'ARC-1', created.body.data.password);
    await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'DEMO0001',
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    // The portal learns of the running session from the detail and the list, and does not offer
    // what the server refuses.
    const activeOf = async () => {
      const one = await t.call<{ data: Cp }>('GET', `/api/portal/ChargePoint/${id}`, { token: admin });
      const page = await t.call<PageOut>(
        'POST',
        '/api/portal/ChargePoint/GetAllChargePointsDynamic?index=0&size=10',
        { token: admin, body: { search: 'ARC-1' } },
      );
      return [one.body.data.activeSessions, page.body.data.items.map((c) => c.activeSessions)];
    };
    expect(await activeOf()).toEqual([1, [1]]);
    const busy = await t.call<Err>('DELETE', `/api/portal/ChargePoint/${id}`, { token: admin });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('This charge point has a charging session running; stop it first.');
    await t.database.db
      .update(chargingSessions)
      .set({ state: 'completed' })
      .where(eq(chargingSessions.chargePointId, id));
    expect(await activeOf()).toEqual([0, [0]]);

    const closed = new Promise((resolve) => client.once('close', resolve));
    expect((await t.call('DELETE', `/api/portal/ChargePoint/${id}`, { token: admin })).status).toBe(200);
    await closed;
    await expect(rawSocket(url, 'ARC-1', created.body.data.password)).rejects.toThrow('HTTP 404');
    const archived = await t.call<PageOut>(
      'POST',
      '/api/portal/ChargePoint/GetDeletedChargePointsDynamic?index=0&size=10',
      { token: admin, body: {} },
    );
    expect(archived.body.data.items.map((c) => c.chargePointId)).toEqual(['ARC-1']);

    const restored = await t.call<{ data: Cp }>(
      'PUT',
      '/api/portal/ChargePoint/UnarchiveChargepoint?chargePointID=ARC-1',
      { token: admin },
    );
    expect(restored.body.data.archived).toBe(false);
    const again = await connectClient(url, 'ARC-1', created.body.data.password);
    await again.close();
  });

  it('resets the charger password: the old one stops working', async () => {
    const created = await create({
      chargePointId: 'PW-1',
      name: 'Password',
      operatorId: opId('Voltline İstanbul'),
    });
    const reset = await t.call<Creds>(
      'POST',
      `/api/portal/ChargePoint/${created.body.data.chargePoint.id}/password`,
      { token: admin },
    );
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data.password).not.toBe(created.body.data.password);
    await expect(rawSocket(url, 'PW-1', created.body.data.password)).rejects.toThrow('HTTP 401');
    (await rawSocket(url, 'PW-1', reset.body.data.password)).close();
  });
});

describe('charge point insights', () => {
  it('computes sessions, energy, revenue, uptime and days from history', async () => {
    const cp = await registerChargePoint(t, 'AN-1', 'secret-an-1-000000');
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 0, d, h));
    await t.database.db.insert(chargingSessions).values([
      {
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        connectorId: 1,
        idTag: 'X',
        meterStart: 0,
        meterStop: 10_000,
        energyWh: 10_000,
        cost: 5_000,
        state: 'completed',
        startedAt: day(1, 10),
      },
      {
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        connectorId: 2,
        idTag: 'Y',
        meterStart: 0,
        meterStop: 2_500,
        energyWh: 2_500,
        cost: 1_250,
        state: 'completed',
        startedAt: day(1, 23),
      },
      {
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        connectorId: 1,
        idTag: 'X',
        meterStart: 10_000,
        energyWh: 4_000,
        cost: 2_000,
        state: 'completed',
        startedAt: day(2, 0),
      },
    ]);
    // Connected from Dec 31 until Jan 1 12:00, then again Jan 2 00:00 onwards.
    await t.database.db.insert(connectionEvents).values([
      { chargePointId: cp.id, event: 'connected', at: new Date(Date.UTC(2025, 11, 31)) },
      { chargePointId: cp.id, event: 'disconnected', at: day(1, 12), detail: '1006 connection lost' },
      { chargePointId: cp.id, event: 'connected', at: day(2, 0) },
    ]);
    const r = await t.call<{
      data: {
        sessions: number;
        energyWh: number;
        revenue: number;
        uptime: number;
        byDay: { day: string; sessions: number; energyWh: number }[];
      };
    }>(
      'GET',
      `/api/portal/Analytics/Chargepoint?chargePointId=AN-1&from=${day(1, 0).toISOString()}&to=${day(3, 0).toISOString()}`,
      { token: admin },
    );
    expect(r.body.data).toMatchObject({ sessions: 3, energyWh: 16_500, revenue: 8_250, currency: 'TRY' });
    expect(r.body.data.uptime).toBeCloseTo(36 / 48, 5);
    expect(r.body.data.byDay).toEqual([
      { day: '2026-01-01', sessions: 2, energyWh: 12_500, revenue: 6_250 },
      { day: '2026-01-02', sessions: 1, energyWh: 4_000, revenue: 2_000 },
    ]);
    const empty = await t.call<{ data: { sessions: number; byDay: unknown[]; uptime: number } }>(
      'GET',
      `/api/portal/Analytics/Chargepoint?chargePointId=AN-1&from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`,
      { token: admin },
    );
    expect(empty.body.data).toMatchObject({ sessions: 0, byDay: [], uptime: 0 });
    const history = await t.call<{ data: { items: Record<string, unknown>[]; total: number } }>(
      'GET',
      `/api/portal/ChargePoint/${cp.id}/connections?index=0&size=2`,
      { token: admin },
    );
    expect(history.body.data.total).toBe(3);
    expect(history.body.data.items.map((e) => e.event)).toEqual(['connected', 'disconnected']);
    expect(history.body.data.items[0]).toMatchObject({ closeCode: null, closeCause: null });
    expect(history.body.data.items[1]).toMatchObject({ closeCode: 1006, closeCause: 'connectionLost' });
    const profiles = await t.call<{ data: unknown[] }>('GET', '/api/portal/Profile/AN-1', { token: admin });
    expect(profiles.body.data).toEqual([]);
    const [row] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.id, cp.id));
    expect(row?.chargePointId).toBe('AN-1');
  });
});

describe('connectors', () => {
  it('adds, edits, archives, restores and deletes connectors with the rules on history', async () => {
    const list = await t.call<{ data: { id: number; connectorId: number }[] }>(
      'GET',
      '/api/portal/connector?chargePointId=IST-KDK-01',
      { token: admin },
    );
    expect(list.body.data.map((c) => c.connectorId)).toEqual([1, 2]);
    const added = await t.call<{ data: { id: number; connectorType: string; hasSessions: boolean } }>(
      'POST',
      '/api/portal/connector',
      {
        token: admin,
        body: { chargePointId: 'IST-KDK-01', connectorId: 3, connectorType: 'CHAdeMO', maximumPower: 50000 },
      },
    );
    expect(added.body.data).toMatchObject({ connectorType: 'CHAdeMO', hasSessions: false });
    const dup = await t.call<Err>('POST', '/api/portal/connector', {
      token: admin,
      body: { chargePointId: 'IST-KDK-01', connectorId: 3 },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('This charge point already has connector 3.');
    const edited = await t.call<{ data: { maximumPower: number } }>('PUT', '/api/portal/connector', {
      token: admin,
      body: { id: added.body.data.id, maximumPower: 62500 },
    });
    expect(edited.body.data.maximumPower).toBe(62500);
    const one = await t.call<{ data: { connectorId: number } }>(
      'GET',
      `/api/portal/connector?connectorId=${added.body.data.id}`,
      { token: admin },
    );
    expect(one.body.data.connectorId).toBe(3);
    const archived = await t.call<{ data: { archived: boolean } }>('PUT', '/api/portal/connector/archive', {
      token: admin,
      body: { id: added.body.data.id },
    });
    expect(archived.body.data.archived).toBe(true);
    const restored = await t.call<{ data: { archived: boolean } }>('PUT', '/api/portal/connector/unarchive', {
      token: admin,
      body: { id: added.body.data.id },
    });
    expect(restored.body.data.archived).toBe(false);
    expect(
      (await t.call('DELETE', `/api/portal/connector?id=${added.body.data.id}`, { token: admin })).status,
    ).toBe(200);

    const arc = (
      await t.call<{
        data: { id: number; connectorId: number; hasSessions: boolean; activeSessionId: number | null }[];
      }>('GET', '/api/portal/connector?chargePointId=ARC-1', { token: admin })
    ).body.data;
    // Connector 1 charged once (its session is over), connector 2 never: only 2 may be deleted.
    expect(arc.map((c) => [c.connectorId, c.hasSessions, c.activeSessionId])).toEqual([
      [1, true, null],
      [2, false, null],
    ]);
    const used = arc.find((c) => c.connectorId === 1);
    const refused = await t.call<Err>('DELETE', `/api/portal/connector?id=${used?.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This connector has charging history; archive it instead.');
    expect(
      (
        await t.call('GET', `/api/portal/connector?connectorId=${used?.id}`, {
          token: await t.login('istanbul@voltline.local'),
        })
      ).status,
    ).toBe(200);
    const ankConn = (
      await t.call<{ data: { id: number }[] }>('GET', '/api/portal/connector?chargePointId=ANK-01', {
        token: admin,
      })
    ).body.data[0];
    expect(
      (await t.call('GET', `/api/portal/connector?connectorId=${ankConn?.id}`, { token: istanbul })).status,
    ).toBe(404);
  });

  it('answers an edit of a connector that changes nothing with the connector as it was (it answered 500)', async () => {
    await registerChargePoint(t, 'NOOP-EDIT', null);
    const [conn] = (
      await t.call<{ data: { id: number; connectorId: number; maximumPower: number | null }[] }>(
        'GET',
        '/api/portal/connector?chargePointId=NOOP-EDIT',
        { token: admin },
      )
    ).body.data;
    const r = await t.call<{ data: { id: number; connectorId: number; maximumPower: number | null } }>(
      'PUT',
      '/api/portal/connector',
      { token: admin, body: { id: conn!.id } },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject(conn!);
  });

  it('finds a charge point’s connectors by its number as well as by its id, and says which is expected', async () => {
    type Listed = { data: { chargePointId: string; chargePointDbId: number; connectorId: number }[] };
    const byNumber = await registerChargePoint(t, 'LOOKUP-NUM', null);
    const asText = await t.call<Listed>('GET', '/api/portal/connector?chargePointId=LOOKUP-NUM', {
      token: admin,
    });
    expect(asText.body.data.map((c) => c.chargePointDbId)).toEqual([byNumber.id, byNumber.id]);
    // The number the answers carry finds the same connectors, named or as a plain number.
    for (const query of [`chargePointDbId=${byNumber.id}`, `chargePointId=${byNumber.id}`]) {
      const r = await t.call<Listed>('GET', `/api/portal/connector?${query}`, { token: admin });
      expect(r.status, query).toBe(200);
      expect(r.body.data.map((c) => `${c.chargePointId}/${c.connectorId}`)).toEqual([
        'LOOKUP-NUM/1',
        'LOOKUP-NUM/2',
      ]);
    }
    // A charge point whose id is itself a number is found by that id first.
    const digits = await registerChargePoint(t, String(byNumber.id), null);
    const byId = await t.call<Listed>('GET', `/api/portal/connector?chargePointId=${byNumber.id}`, {
      token: admin,
    });
    expect(byId.body.data[0]?.chargePointDbId).toBe(digits.id);
    // Another branch's charge point is not found by its number either.
    const ankara = await registerChargePoint(t, 'LOOKUP-ANK', null, 'Voltline Ankara');
    const foreign = await t.call<Err>('GET', `/api/portal/connector?chargePointDbId=${ankara.id}`, {
      token: istanbul,
    });
    expect(foreign.status).toBe(404);
    const none = await t.call<Err>('GET', '/api/portal/connector', { token: admin });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('chargePointDbId (the charge point');
  });

  it('counts connectors by status for the dashboard', async () => {
    const r = await t.call<{ data: { status: string; count: number }[] }>(
      'GET',
      '/api/portal/Analytics/Connector',
      { token: admin },
    );
    const total = r.body.data.reduce((n, s) => n + s.count, 0);
    expect(total).toBeGreaterThan(0);
    const mine = await t.call<{ data: { status: string; count: number }[] }>(
      'GET',
      '/api/portal/Analytics/Connector',
      { token: istanbul },
    );
    expect(mine.body.data.reduce((n, s) => n + s.count, 0)).toBeLessThan(total);
  });
});

describe('reference data', () => {
  it('offers brands with models, countries and Turkish provinces', async () => {
    const brands = await t.call<{ data: { name: string; models: string[] }[] }>(
      'GET',
      '/api/portal/Brand/getBrands',
      { token: finance },
    );
    expect(brands.body.data.find((b) => b.name === 'ABB')?.models).toContain('Terra 54');
    const models = await t.call<{ data: string[] }>(
      'GET',
      '/api/portal/Enum/getChargePointModels?brand=Wallbox',
      { token: finance },
    );
    expect(models.body.data).toContain('Supernova 60');
    const countries = await t.call<{ data: { id: string; name: string }[] }>('GET', '/api/portal/Country', {
      token: finance,
    });
    expect(countries.body.data.find((c) => c.id === 'TR')?.name).toBe('Turkey');
    const cities = await t.call<{ data: { name: string }[] }>('GET', '/api/portal/Country/GetCities/TR', {
      token: finance,
    });
    expect(cities.body.data).toHaveLength(81);
    expect(cities.body.data.map((c) => c.name)).toContain('Ankara');
    expect((await t.call('GET', '/api/portal/Country/GetCities/XX', { token: finance })).status).toBe(404);
  });
});

describe('calls without a body', () => {
  it('accept an empty body whatever Content-Type the client sent', async () => {
    const cp = await create({
      chargePointId: 'EMPTY-1',
      name: 'Empty body',
      operatorId: opId('Voltline İstanbul'),
    });
    await t.call('DELETE', `/api/portal/ChargePoint/${cp.body.data.chargePoint.id}`, { token: admin });
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      const r = await t.app.inject({
        method: 'PUT',
        url: '/api/portal/ChargePoint/UnarchiveChargepoint?chargePointID=EMPTY-1',
        headers: { authorization: `Bearer ${admin}`, 'content-type': type },
        payload: '',
      });
      expect(r.statusCode).toBe(type === 'application/json' ? 200 : 404);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/portal/ChargePoint',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Err>().error).toBe('The request body is not valid JSON.');
  });
});
