import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SearchHit } from '@voltline/contract';
import { operators } from '../../db/schema/index.js';
import { chargingSessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { registerChargePoint } from '../../../test/ocpp-helper.js';

// The header's search finds what a support person is asked about, by whatever they were told,
// within what the user may see: the kinds their roles read, in their operator subtree.

let t: TestApp;
let admin: string;
let istanbul: string;
let safety: string;
let callcenter: string;
let sessionId: number;

type Res = { data: { hits: SearchHit[] } };

beforeAll(async () => {
  t = await createTestApp();
  const ist = await registerChargePoint(t, 'FIND-IST-1', null);
  const ank = await registerChargePoint(t, 'FIND-ANK-1', null, 'Voltline Ankara');
  const [istOp] = await t.database.db.select().from(operators).where(eq(operators.name, 'Voltline İstanbul'));
  const rows = await t.database.db
    .insert(chargingSessions)
    .values([
      {
        // A transaction id of several digits, as staff are told one (the demo has few sessions).
        id: 90417,
        chargePointId: ist.id,
        operatorId: istOp!.id,
        connectorId: 1,
        idTag: 'DEMO0001',
        meterStart: 0,
        startedAt: new Date(),
        chargerTransactionId: 'TX-7f3a_9',
        state: 'completed',
      },
      {
        chargePointId: ank.id,
        operatorId: ank.operatorId,
        connectorId: 1,
        idTag: 'DEMO0003',
        meterStart: 0,
        startedAt: new Date(),
        chargerTransactionId: 'TX-ANK-1',
        state: 'completed',
      },
    ])
    .returning({ id: chargingSessions.id });
  sessionId = rows[0]!.id;
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  safety = await t.login('safety@voltline.local');
  callcenter = await t.login('callcenter@voltline.local');
});
afterAll(() => t.close());

const find = async (q: string, token = admin) => {
  const res = await t.call<Res>('GET', `/api/portal/Search?q=${encodeURIComponent(q)}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.hits;
};
const titles = (hits: SearchHit[], kind: SearchHit['kind']) =>
  hits.filter((h) => h.kind === kind).map((h) => h.title);

describe('global search', () => {
  it('finds a charge point by its id and by part of it', async () => {
    expect(titles(await find('find-ist-1'), 'chargePoint')).toEqual(['FIND-IST-1']);
    expect(titles(await find('FIND-'), 'chargePoint')).toEqual(['FIND-ANK-1', 'FIND-IST-1']);
  });

  it('finds a driver by e-mail and by full name, and a card by its number, opening its driver', async () => {
    const byMail = (await find('zeynep.arslan@')).filter((h) => h.kind === 'driver');
    expect(byMail).toMatchObject([{ title: 'Zeynep Arslan', detail: 'zeynep.arslan@example.com' }]);
    expect(titles(await find('ali yılmaz'), 'driver')).toEqual(['Ali Yılmaz']);
    const [card] = (await find('demo0002')).filter((h) => h.kind === 'card');
    expect(card).toMatchObject({ title: 'DEMO0002', targetId: byMail[0]!.id });
  });

  it('finds a user by e-mail, an operator by name, a session by its transaction id or the charger’s', async () => {
    expect((await find('support@voltline')).filter((h) => h.kind === 'user')).toMatchObject([
      { detail: 'support@voltline.local' },
    ]);
    expect(titles(await find('ankara'), 'operator')).toEqual(['Voltline Ankara']);
    expect((await find(String(sessionId))).filter((h) => h.kind === 'session')).toMatchObject([
      { id: sessionId, title: `#${sessionId}` },
    ]);
    expect((await find('tx-7f3a_9')).filter((h) => h.kind === 'session').map((h) => h.id)).toEqual([
      sessionId,
    ]);
  });

  it('takes % and _ as the characters typed, not as wildcards', async () => {
    expect(await find('%%')).toEqual([]);
    // "TX-7f3a_9" holds an underscore; "TX-7f3a%9" matches nothing.
    expect((await find('tx-7f3a%9')).filter((h) => h.kind === 'session')).toEqual([]);
    expect(titles(await find('FIND_IST'), 'chargePoint')).toEqual([]);
  });

  it('never finds a sibling operator’s charger, driver, card, session or the operator itself', async () => {
    const hits = [
      ...(await find('FIND-', istanbul)),
      ...(await find('murat', istanbul)),
      ...(await find('DEMO0003', istanbul)),
      ...(await find('TX-ANK-1', istanbul)),
      ...(await find('Ankara', istanbul)),
    ];
    expect(hits.map((h) => h.title)).toEqual(['FIND-IST-1']);
    // Admin reaches all of them.
    expect(titles(await find('murat'), 'driver')).toEqual(['Murat Öztürk']);
  });

  it('answers each kind only to its read permission', async () => {
    // A Site Safety Officer reads charge points and sessions, not drivers, cards, users or operators.
    const safetyHits = [...(await find('example.com', safety)), ...(await find('DEMO', safety))];
    expect(safetyHits.filter((h) => ['driver', 'card', 'user', 'operator'].includes(h.kind))).toEqual([]);
    expect(titles(await find('FIND-IST', safety), 'chargePoint')).toEqual(['FIND-IST-1']);
    // CallCenter reads drivers but not portal users.
    expect(titles(await find('zeynep', callcenter), 'driver')).toEqual(['Zeynep Arslan']);
    expect(titles(await find('voltline.local', callcenter), 'user')).toEqual([]);
    expect(titles(await find('voltline.local'), 'user').length).toBeGreaterThan(0);
  });

  it('asks for two characters at least, and a signed-in user', async () => {
    expect((await t.call('GET', '/api/portal/Search?q=a', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/portal/Search?q=FIND')).status).toBe(401);
  });
});
