import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, rfidCards } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// C09: staff put a driver's cards into a group (a fleet's, a family's); the group is the card's
// OCPP group id token (1.6 parentIdTag), shown and edited with the card.

let t: TestApp;
let istanbul: string;

type Err = { error: string; details?: { field: string; message: string }[] };
type Card = { id: number; number: string; groupIdToken: string | null };

beforeAll(async () => {
  t = await createTestApp();
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(() => t.close());

const opId = async (name: string) => {
  const r = await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
    token: istanbul,
  });
  return r.body.data.find((o) => o.name === name)!.id;
};

const cardsOf = async (driverId: number) =>
  (await t.call<{ data: Card[] }>('GET', `/api/portal/driver/RFIDCards/${driverId}`, { token: istanbul }))
    .body.data;

describe('C09 card groups in the drivers API', () => {
  it('C09 creates a driver whose card is in a group, adds a card to the group, edits and clears it, with an audit trail', async () => {
    const created = await t.call<{ data: { id: number; rfidCards: Card[] } }>('POST', '/api/portal/Driver', {
      token: istanbul,
      body: {
        name: 'Fleet',
        surname: 'Owner',
        operatorId: await opId('Voltline İstanbul'),
        rfidCards: [{ number: 'FLT-0001', groupIdToken: ' FLEET-9 ' }],
      },
    });
    expect(created.status).toBe(200);
    const driverId = created.body.data.id;
    expect(created.body.data.rfidCards[0]).toMatchObject({ number: 'FLT-0001', groupIdToken: 'FLEET-9' });

    const added = await t.call<{ data: Card }>('POST', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { driverId, number: 'FLT-0002', groupIdToken: 'FLEET-9' },
    });
    expect(added.body.data.groupIdToken).toBe('FLEET-9');
    const plain = await t.call<{ data: Card }>('POST', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { driverId, number: 'FLT-0003' },
    });
    expect(plain.body.data.groupIdToken).toBeNull();
    expect((await cardsOf(driverId)).map((c) => [c.number, c.groupIdToken])).toEqual([
      ['FLT-0001', 'FLEET-9'],
      ['FLT-0002', 'FLEET-9'],
      ['FLT-0003', null],
    ]);

    // Renaming a card leaves its group; an empty group takes the card out of it.
    const renamed = await t.call<{ data: Card }>('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { id: added.body.data.id, name: 'Van 2' },
    });
    expect(renamed.body.data.groupIdToken).toBe('FLEET-9');
    const moved = await t.call<{ data: Card }>('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { id: added.body.data.id, groupIdToken: 'FLEET-10' },
    });
    expect(moved.body.data.groupIdToken).toBe('FLEET-10');
    const cleared = await t.call<{ data: Card }>('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { id: added.body.data.id, groupIdToken: '' },
    });
    expect(cleared.body.data.groupIdToken).toBeNull();

    const trail = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'rfidCard'), eq(auditLogs.entityId, String(added.body.data.id))))
      .orderBy(desc(auditLogs.id));
    expect(trail.map((a) => [a.action, a.summary.group])).toEqual([
      ['update', ['FLEET-10', null]],
      ['update', ['FLEET-9', 'FLEET-10']],
      ['update', undefined],
      ['create', 'FLEET-9'],
    ]);
  });

  it('C09 refuses a group with spaces or longer than an idTag, in English and Turkish', async () => {
    const driverId = (
      await t.call<{ data: { items: { id: number }[] } }>(
        'POST',
        '/api/portal/Driver/GetDriversDynamic?index=0&size=10',
        { token: istanbul, body: { search: 'Zeynep' } },
      )
    ).body.data.items[0]!.id;
    const en = await t.call<Err>('POST', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { driverId, number: 'GRP-BAD1', groupIdToken: 'TWO WORDS' },
    });
    expect(en.status).toBe(400);
    expect(en.body.details).toEqual([
      { field: 'body.groupIdToken', message: 'A card group has 1 to 20 characters, without spaces.' },
    ]);
    const tr = await t.call<Err>('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      headers: { 'accept-language': 'tr' },
      body: { id: 1, groupIdToken: 'G'.repeat(21) },
    });
    expect(tr.status).toBe(400);
    expect(tr.body.details?.[0]).toEqual({
      field: 'body.groupIdToken',
      message: 'Kart grubu boşluksuz 1 ile 20 karakter arasında olmalı.',
    });
    expect((await cardsOf(driverId)).some((c) => c.number === 'GRP-BAD1')).toBe(false);
  });

  it("C09 a card's group is changed only within the caller's operators: İstanbul cannot touch Ankara's card", async () => {
    const [murat] = await t.database.db.select().from(rfidCards).where(eq(rfidCards.number, 'DEMO0003'));
    const r = await t.call('PUT', '/api/portal/driver/RFIDCards', {
      token: istanbul,
      body: { id: murat!.id, groupIdToken: 'STOLEN' },
    });
    expect(r.status).toBe(404);
    const [after] = await t.database.db.select().from(rfidCards).where(eq(rfidCards.id, murat!.id));
    expect(after!.groupIdToken).toBeNull();
  });
});
