import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CustomerInformationRequest, Page } from '@voltline/contract';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
import {
  auditLogs,
  chargePoints,
  commandRecords,
  customerInformationRequests,
  drivers,
  rfidCards,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { assembled, CustomerInformationOcpp } from './customer-information.ocpp.js';

// N09/N10: staff ask chargers, from a driver's page, what they hold about the driver's cards and
// have them forget it; a simulated 2.0.1 station answers, a 1.6 charger cannot be asked.

let t: TestApp;
let sim: SimCharger201;
let refuser: SimCharger201;
let old: SimCharger;
let admin: string;
let ali: number;
let murat: number;
const PW = 'charger-secret-0201n';
const token = { idToken: 'DEMO0001', type: 'ISO14443' as const };

type Answer<T> = { data: T; message?: string; refused?: boolean; error?: string };
const ask = (driverId: number, body: Record<string, unknown>, as = admin) =>
  t.call<Answer<CustomerInformationRequest[]>>('POST', `/api/portal/Driver/${driverId}/customerInformation`, {
    token: as,
    body,
  });
const list = (driverId: number, as = admin) =>
  t.call<Answer<Page<CustomerInformationRequest>>>(
    'GET',
    `/api/portal/Driver/${driverId}/customerInformation`,
    {
      token: as,
    },
  );
const byId = async (id: number) => (await list(ali)).body.data.items.find((r) => r.id === id);

async function connected(id: string) {
  await until(async () => {
    const [cp] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, id));
    return cp?.connected;
  });
}

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3' });
  const url = await listen(t);
  const db = t.database.db;
  for (const id of ['CI201-1', 'CI201-REJ', 'CI16-1']) await registerChargePoint(t, id, PW);
  sim = await startCharger201({ url, id: 'CI201-1', password: PW, idTags: ['DEMO0001'] });
  refuser = await startCharger201({ url, id: 'CI201-REJ', password: PW, rejectCustomerInformation: true });
  old = await startCharger({ url, id: 'CI16-1', password: PW });
  for (const id of ['CI201-1', 'CI201-REJ', 'CI16-1']) await connected(id);
  admin = await t.login('admin@voltline.local');
  const [card] = await db.select().from(rfidCards).where(eq(rfidCards.number, 'DEMO0001'));
  ali = card!.driverId;
  const [m] = await db.select().from(drivers).where(eq(drivers.name, 'Murat'));
  murat = m!.id;
});
afterAll(async () => {
  await Promise.all([sim.close(), refuser.close(), old.close()]);
  await t.close();
});

describe('N09/N10 customer information from a driver', () => {
  it('N09 asks a 2.0.1 station what it holds about the driver’s card and keeps its report', async () => {
    await sim.sessions.auth.authorize(token);
    const r = await ask(ali, { chargePointId: 'CI201-1', report: true, clear: false });
    expect(r.status).toBe(200);
    expect(r.body.refused).toBeUndefined();
    const mine = r.body.data.find((x) => x.idToken === 'DEMO0001')!;
    expect(['Accepted', 'reporting', 'completed']).toContain(mine.status);
    const done = await until(async () => {
      const row = await byId(mine.id);
      return row?.status === 'completed' && row;
    });
    expect(done.data).toContain('Authorization cache: DEMO0001 Accepted');
    expect(done.completedAt).not.toBeNull();
    expect(done.requestedBy).toBe('admin@voltline.local');
    // Sent through the command gateway (recorded) and audited on the driver.
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'CI201-1'));
    const records = await t.database.db
      .select()
      .from(commandRecords)
      .where(and(eq(commandRecords.chargePointId, cp!.id), eq(commandRecords.action, 'CustomerInformation')));
    expect(records.length).toBeGreaterThan(0);
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'driver.customerInformation'), eq(auditLogs.entityId, String(ali))));
    expect(lines.length).toBeGreaterThan(0);
  });

  it('N10 clear without report: completed on the charger’s Accepted, no data, and the station forgot the card', async () => {
    await sim.sessions.auth.authorize(token);
    expect(sim.sessions.auth.cache.has('DEMO0001')).toBe(true);
    const r = await ask(ali, { chargePointId: 'CI201-1', report: false, clear: true });
    const mine = r.body.data.find((x) => x.idToken === 'DEMO0001')!;
    expect(mine).toMatchObject({ status: 'completed', data: null, clear: true, report: false });
    expect(sim.sessions.auth.cache.has('DEMO0001')).toBe(false);
  });

  it('N10 clear and report: the report tells what was held before the clearing', async () => {
    await sim.sessions.auth.authorize(token);
    const r = await ask(ali, { chargePointId: 'CI201-1', report: true, clear: true });
    const mine = r.body.data.find((x) => x.idToken === 'DEMO0001')!;
    const done = await until(async () => {
      const row = await byId(mine.id);
      return row?.status === 'completed' && row;
    });
    expect(done.data).toContain('DEMO0001 Accepted');
    expect(sim.sessions.auth.cache.has('DEMO0001')).toBe(false);
  });

  it('N09 a station’s refusal comes back as a refusal in words', async () => {
    const r = await ask(ali, { chargePointId: 'CI201-REJ', report: true, clear: false });
    expect(r.status).toBe(200);
    expect(r.body.refused).toBe(true);
    expect(r.body.message).toMatch(/not carried out/);
    expect(r.body.data.every((x) => x.status === 'Rejected')).toBe(true);
  });

  it('N09 a 1.6 charger is not asked: its request says not supported', async () => {
    const r = await ask(ali, { chargePointId: 'CI16-1', report: true, clear: false });
    expect(r.body.refused).toBe(true);
    expect(r.body.data.every((x) => x.status === 'notSupported')).toBe(true);
  });

  it('N09 without a charger: every connected charger of the driver’s operator is asked', async () => {
    const r = await ask(ali, { report: true, clear: false });
    const asked = new Set(r.body.data.map((x) => x.chargePointId));
    expect(asked).toEqual(new Set(['CI201-1', 'CI201-REJ', 'CI16-1']));
  });

  it('N09 asks for something: neither report nor clear is refused', async () => {
    const r = await ask(ali, { chargePointId: 'CI201-1', report: false, clear: false });
    expect(r.status).toBe(400);
  });

  it('N09 a driver without cards is refused in words, before anything is sent', async () => {
    const [op] = await t.database.db.select().from(drivers).where(eq(drivers.id, ali));
    const [lonely] = await t.database.db
      .insert(drivers)
      .values({ name: 'No', surname: 'Cards', operatorId: op!.operatorId })
      .returning();
    const r = await ask(lonely!.id, { chargePointId: 'CI201-1', report: true, clear: false });
    expect(r.status).toBe(409);
    expect(r.body.error).toMatch(/no cards/);
  });

  it('N09 tenancy and roles: another operator’s driver or charger is not found; support staff only read', async () => {
    const istanbul = await t.login('istanbul@voltline.local');
    expect((await ask(murat, { report: true, clear: false }, istanbul)).status).toBe(404);
    expect((await list(murat, istanbul)).status).toBe(404);
    const support = await t.login('support@voltline.local');
    expect((await ask(ali, { chargePointId: 'CI201-1', report: true, clear: false }, support)).status).toBe(
      403,
    );
    expect((await list(ali, support)).status).toBe(200);
  });

  it('N09 parts are joined in seqNo order once the last and all before it are in', async () => {
    expect(assembled({ '0': 'a', '1': 'b' }, 1)).toBe('ab');
    expect(assembled({ '1': 'b' }, 1)).toBeNull();
    expect(assembled({ '0': 'a' }, null)).toBeNull();
    const db = t.database.db;
    const [cp] = await db.select().from(chargePoints).where(eq(chargePoints.chargePointId, 'CI201-1'));
    const [row] = await db
      .insert(customerInformationRequests)
      .values({
        driverId: ali,
        operatorId: 1,
        chargePointId: cp!.id,
        idToken: 'DEMO0001',
        report: true,
        clear: false,
      })
      .returning();
    const parts = new CustomerInformationOcpp(db);
    const at = new Date();
    expect(
      await parts.part(cp!.id, { requestId: row!.id, seqNo: 1, more: false, data: 'world', generatedAt: at }),
    ).toBe(true);
    expect((await byId(row!.id))?.status).toBe('reporting');
    await parts.part(cp!.id, { requestId: row!.id, seqNo: 0, more: true, data: 'hello ', generatedAt: at });
    expect(await byId(row!.id)).toMatchObject({ status: 'completed', data: 'hello world' });
    // Another charger's part names no request of its own.
    expect(
      await parts.part(cp!.id + 999, {
        requestId: row!.id,
        seqNo: 0,
        more: false,
        data: 'x',
        generatedAt: at,
      }),
    ).toBe(false);
  });
});
