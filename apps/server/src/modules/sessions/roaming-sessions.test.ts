import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { Session, SessionPage } from '@voltline/contract';
import { chargingSessions, operators, roamingPartners, roamingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';

// A roaming partner's driver's session names the partner and the token it ran on, in the list, the
// session's page and the Excel export; the partner is a fact of the session, so an operator who
// reads the session sees it even when the partnership belongs to the operator above them.

let t: TestApp;
let admin: string;
let istanbul: string;
let roamingId: number;
let localId: number;

const LIST = '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=20';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const cp = await registerChargePoint(t, 'ROAM-SESS-1', null);
  const [ist] = await db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
  const [partner] = await db
    .insert(roamingPartners)
    .values({
      // The group's partnership: above the İstanbul operator whose charger the driver used.
      operatorId: ist!.parentId!,
      name: 'Probe eMSP',
      state: 'registered',
      direction: 'inbound',
      role: 'HUB',
      countryCode: 'NL',
      partyId: 'HUB',
    })
    .returning();
  const started = new Date(Date.now() - 3_600_000);
  const rows = await db
    .insert(chargingSessions)
    .values(
      [
        { idTag: 'ROAMUID1', tx: 'TX-ROAM-1', at: started },
        { idTag: 'LOCALCARD', tx: 'TX-LOCAL-1', at: new Date(started.getTime() + 60_000) },
      ].map((s) => ({
        chargePointId: cp.id,
        operatorId: ist!.id,
        connectorId: 1,
        idTag: s.idTag,
        meterStart: 0,
        meterStop: 5000,
        energyWh: 5000,
        startedAt: s.at,
        stoppedAt: new Date(s.at.getTime() + 1_800_000),
        chargerTransactionId: s.tx,
        state: 'completed',
      })),
    )
    .returning({ id: chargingSessions.id });
  roamingId = rows[0]!.id;
  localId = rows[1]!.id;
  await db.insert(roamingSessions).values({
    sessionId: roamingId,
    partnerId: partner!.id,
    tokenUid: 'ROAMUID1',
    tokenType: 'RFID',
    contractId: 'DE-ABC-C12345678-X',
    tokenCountryCode: 'DE',
    tokenPartyId: 'ABC',
    authorizationReference: 'AUTH-REF-1',
  });
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(() => t.close());

const expected = {
  partnerName: 'Probe eMSP',
  partyId: 'DE*ABC',
  tokenUid: 'ROAMUID1',
  contractId: 'DE-ABC-C12345678-X',
  authorizationReference: 'AUTH-REF-1',
};

describe('roaming sessions in the sessions report', () => {
  it('lists the partner and token on the roaming session and null on the others, in reach', async () => {
    for (const token of [admin, istanbul]) {
      const page = await t.call<{ data: SessionPage }>('POST', LIST, {
        token,
        body: { chargePointId: 'ROAM-SESS-1' },
      });
      expect(page.res.statusCode).toBe(200);
      const byId = new Map(page.body.data.items.map((s) => [s.id, s]));
      expect(byId.get(roamingId)?.roaming).toMatchObject(expected);
      expect(byId.get(localId)?.roaming).toBeNull();
    }
  });

  it('filters to roaming sessions only, keeping the count', async () => {
    const page = await t.call<{ data: SessionPage }>('POST', LIST, {
      token: admin,
      body: { chargePointId: 'ROAM-SESS-1', roaming: true },
    });
    expect(page.body.data.items.map((s) => s.id)).toEqual([roamingId]);
    expect(page.body.data.total).toBe(1);
  });

  it("shows the roaming section's facts on the session", async () => {
    const one = await t.call<{ data: Session }>('GET', `/api/portal/Transaction/${roamingId}`, {
      token: istanbul,
    });
    expect(one.res.statusCode).toBe(200);
    expect(one.body.data.roaming).toMatchObject(expected);
  });

  it('exports the roaming partner and contract id columns', async () => {
    const xlsx = await t.call('POST', '/api/portal/Transaction/GetTransactionsExcel', {
      token: admin,
      body: { chargePointId: 'ROAM-SESS-1' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const partnerCol = header.indexOf('Roaming partner');
    const contractCol = header.indexOf('Contract id');
    expect(partnerCol).toBeGreaterThan(0);
    expect(contractCol).toBeGreaterThan(0);
    const rows = new Map<number, [unknown, unknown]>();
    sheet.eachRow((row, n) => {
      if (n > 1)
        rows.set(Number(row.getCell(1).value), [
          row.getCell(partnerCol).value,
          row.getCell(contractCol).value,
        ]);
    });
    expect(rows.get(roamingId)).toEqual(['Probe eMSP', 'DE-ABC-C12345678-X']);
    expect(rows.get(localId)?.map((v) => v ?? null)).toEqual([null, null]);
  });
});
