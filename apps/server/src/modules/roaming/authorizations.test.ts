import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoamingAuthorization, RoamingPartner } from '@voltline/contract';
import {
  chargePoints,
  operators,
  roamingAuthorizations,
  roamingPartners,
  roamingTokens,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';

// A partner's page shows its tokens and the answers given at chargers about them (issue #31): what
// staff read to tell a driver why a card was refused. Rows are written here as the charger side
// writes them; the exchanges themselves run in test/ocpi-roaming.test.ts.

let t: TestApp;
let admin: string;
let istanbul: string;
let ankara: string;
let partnerId: number;
let chargePointId: number;

type List = { data: RoamingAuthorization[]; error?: string };
const authorizations = (token: string, id = partnerId) =>
  t.call<List>('GET', `/api/portal/Roaming/partners/${id}/authorizations`, { token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  const db = t.database.db;
  const ops = await db.select().from(operators);
  const opId = (name: string) => ops.find((o) => o.name === name)!.id;
  const user = await t.call('POST', '/api/portal/user', {
    token: admin,
    body: {
      email: 'ankara.authorizations@voltline.local',
      name: 'Ankara',
      surname: 'Staff',
      operatorId: opId('Voltline Ankara'),
      roles: ['Main Operator'],
      password: 'test-pass-01',
    },
  });
  expect(user.status).toBe(200);
  ankara = await t.login('ankara.authorizations@voltline.local', 'test-pass-01');

  const [partner] = await db
    .insert(roamingPartners)
    .values({
      operatorId: opId('Voltline İstanbul'),
      name: 'Authorizations eMSP',
      state: 'registered',
      direction: 'inbound',
      countryCode: 'NL',
      partyId: 'AUT',
      tokensPulledAt: new Date('2026-03-01T10:00:00.000Z'),
    })
    .returning();
  partnerId = partner!.id;
  const [cp] = await db
    .insert(chargePoints)
    .values({ chargePointId: 'AUTH-CP-1', operatorId: opId('Voltline İstanbul'), name: 'Kadıköy pier' })
    .returning();
  chargePointId = cp!.id;

  const token = (uid: string, receivedAt: Date) => ({
    partnerId,
    countryCode: 'NL',
    partyId: 'AUT',
    uid,
    type: 'RFID',
    contractId: `NL-AUT-${uid}`,
    issuer: 'Authorizations eMSP',
    valid: true,
    whitelist: 'ALLOWED',
    lastUpdated: receivedAt,
    receivedAt,
  });
  await db
    .insert(roamingTokens)
    .values([
      token('AA01', new Date('2026-03-01T09:00:00.000Z')),
      token('AA02', new Date('2026-03-02T09:00:00.000Z')),
    ]);

  const answer = (minute: number, over: Partial<typeof roamingAuthorizations.$inferInsert>) => ({
    partnerId,
    tokenUid: 'AA01',
    tokenType: 'RFID',
    chargePointId,
    source: 'realtime',
    allowed: 'ALLOWED',
    verdict: 'Accepted',
    at: new Date(Date.UTC(2026, 2, 3, 12, minute)),
    ...over,
  });
  await db.insert(roamingAuthorizations).values([
    answer(0, { authorizationReference: 'REF-1', sessionId: 4242, evseUid: 'AUTH-CP-1*1' }),
    answer(5, { tokenUid: 'AA02', allowed: 'BLOCKED', verdict: 'Blocked', info: 'Card stolen' }),
    answer(10, { source: 'whitelist', allowed: 'UNREACHABLE', verdict: 'Accepted' }),
    // Older than the last 20: not shown.
    ...Array.from({ length: 20 }, (_, i) =>
      answer(0, { at: new Date(Date.UTC(2026, 1, 1, 0, i)), tokenUid: `OLD${i}` }),
    ),
  ]);
});
afterAll(() => t.close());

describe("a partner's tokens and authorizations", () => {
  it('shows how many tokens are held, when the last came and when they were last read', async () => {
    const list = await t.call<{ data: RoamingPartner[] }>('GET', '/api/portal/Roaming/partners', {
      token: istanbul,
    });
    expect(list.body.data.find((p) => p.id === partnerId)?.tokens).toEqual({
      count: 2,
      lastReceivedAt: '2026-03-02T09:00:00.000Z',
      pulledAt: '2026-03-01T10:00:00.000Z',
    });
    const one = await t.call<{ data: RoamingPartner }>('GET', `/api/portal/Roaming/partners/${partnerId}`, {
      token: istanbul,
    });
    expect(one.body.data.tokens.count).toBe(2);
    // A partner without tokens: none, never read.
    const other = list.body.data.find((p) => p.id !== partnerId);
    if (other) expect(other.tokens).toMatchObject({ count: 0, lastReceivedAt: null });
  });

  it('lists the last 20 answers newest first, with the charge point and the session started', async () => {
    const r = await authorizations(istanbul);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toHaveLength(20);
    expect(r.body.data.slice(0, 3)).toEqual([
      expect.objectContaining({
        tokenUid: 'AA01',
        source: 'whitelist',
        allowed: 'UNREACHABLE',
        verdict: 'Accepted',
        chargePointIdentity: 'AUTH-CP-1',
        chargePointName: 'Kadıköy pier',
        sessionId: null,
        at: '2026-03-03T12:10:00.000Z',
      }),
      expect.objectContaining({
        tokenUid: 'AA02',
        allowed: 'BLOCKED',
        verdict: 'Blocked',
        info: 'Card stolen',
      }),
      expect.objectContaining({
        tokenUid: 'AA01',
        source: 'realtime',
        allowed: 'ALLOWED',
        authorizationReference: 'REF-1',
        evseUid: 'AUTH-CP-1*1',
        sessionId: 4242,
        chargePointId,
      }),
    ]);
    expect(r.body.data.map((a) => a.tokenUid)).not.toContain('OLD0');
  });

  it('is not found for an operator user of another branch, nor for a partner that does not exist', async () => {
    const sibling = await authorizations(ankara);
    expect(sibling.status).toBe(404);
    expect(JSON.stringify(sibling.body)).not.toContain('AA01');
    expect((await authorizations(admin)).status).toBe(200);
    expect((await authorizations(admin, 999_999)).status).toBe(404);
  });
});
