import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { localLists, rfidCards } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, type Client } from '../../../test/ocpp-helper.js';

// SendLocalList against a simulated charger (OCPP 1.6 §5.10, §5.15): a Differential is computed
// against the list the charger Accepted, with a version above the one it reports; when Voltline
// does not know what the charger holds, it sends Full instead and says so.

let t: TestApp;
let url: string;
let sim: SimCharger;
let admin: string;
const PW = 'charger-secret-0042';

type Answer = { data: Record<string, unknown> };
const send = (command: string, body: Record<string, unknown> = {}, chargePointId = 'LIST-1') =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, {
    token: admin,
    body: { chargePointId, ...body },
  });
const version = async (chargePointId = 'LIST-1') =>
  (await send('getLocalListVersion', {}, chargePointId)).body.data.listVersion;
const held = () => ['DEMO0001', 'DEMO0002', 'OLD-CARD'].filter((idTag) => sim.localAuth.inList(idTag)).sort();

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  await registerChargePoint(t, 'LIST-1', PW);
  await registerChargePoint(t, 'LIST-2', PW);
  sim = await startCharger({ url, id: 'LIST-1', password: PW });
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

describe('a charger whose local list Voltline does not know', () => {
  it('gets a Full list above its reported version when a Differential is asked for', async () => {
    // The charger came with a list of version 1 that Voltline never sent.
    sim.localAuth.preload({ 'OLD-CARD': { status: 'Accepted' } }, 1);
    expect(await version()).toBe(1);
    const r = await send('sendLocalList', { updateType: 'Differential' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'Accepted',
      listVersion: 2,
      updateType: 'Full',
      fullInstead: 'noRecordedList',
    });
    // Full replaced the unknown list: the İstanbul charger holds İstanbul's cards, not the old one.
    expect(held()).toEqual(['DEMO0001', 'DEMO0002']);
    expect(await version()).toBe(2);
  });
});

describe('a charger whose list Voltline recorded', () => {
  it('gets only the changes: a changed card with its idTagInfo, a removed card without', async () => {
    await t.database.db.update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.number, 'DEMO0002'));
    const blocked = await send('sendLocalList', { updateType: 'Differential' });
    expect(blocked.body.data).toEqual({ status: 'Accepted', listVersion: 3, entries: 1 });
    expect(sim.localAuth.lookup('DEMO0002', { list: true, cache: false })?.status).toBe('Blocked');

    await t.database.db
      .update(rfidCards)
      .set({ archivedAt: new Date(), status: 'active' })
      .where(eq(rfidCards.number, 'DEMO0002'));
    const removed = await send('sendLocalList', { updateType: 'Differential' });
    expect(removed.body.data).toEqual({ status: 'Accepted', listVersion: 4, entries: 1 });
    expect(held()).toEqual(['DEMO0001']);
    expect(await version()).toBe(4);

    const nothing = await send('sendLocalList', { updateType: 'Differential' });
    expect(nothing.body.data).toEqual({ status: 'Accepted', listVersion: 5, entries: 0 });
    await t.database.db.update(rfidCards).set({ archivedAt: null }).where(eq(rfidCards.number, 'DEMO0002'));
  });

  it('sends Full above the charger’s version when the charger reports a list Voltline did not send', async () => {
    // Someone else installed version 9 on the charger.
    sim.localAuth.preload({ 'OLD-CARD': { status: 'Accepted' } }, 9);
    expect(await version()).toBe(9);
    const r = await send('sendLocalList', { updateType: 'Differential' });
    expect(r.body.data).toMatchObject({
      status: 'Accepted',
      listVersion: 10,
      updateType: 'Full',
      fullInstead: 'versionMismatch',
    });
    expect(held()).toEqual(['DEMO0001', 'DEMO0002']);
    expect(await version()).toBe(10);
  });
});

describe('a charger that refuses the list', () => {
  let raw: Client;
  beforeAll(async () => {
    raw = await connectClient(url, 'LIST-2', PW);
  });
  afterAll(() => raw.close({ force: true }));

  it('leaves the record as it was after Failed or VersionMismatch', async () => {
    let answer = 'Accepted';
    let holds = 0;
    const sent: { listVersion: number; updateType: string }[] = [];
    raw.handle('SendLocalList', ({ params }) => {
      sent.push(params as { listVersion: number; updateType: string });
      if (answer === 'Accepted') holds = (params as { listVersion: number }).listVersion;
      return Promise.resolve({ status: answer });
    });
    raw.handle('GetLocalListVersion', () => Promise.resolve({ listVersion: holds }));
    expect((await send('sendLocalList', { updateType: 'Full' }, 'LIST-2')).body.data).toMatchObject({
      status: 'Accepted',
      listVersion: 1,
    });
    const [cp] = await t.database.db.select().from(localLists);
    answer = 'Failed';
    expect((await send('sendLocalList', { updateType: 'Differential' }, 'LIST-2')).body.data).toMatchObject({
      status: 'Failed',
      listVersion: 2,
    });
    answer = 'VersionMismatch';
    await send('sendLocalList', { updateType: 'Differential' }, 'LIST-2');
    const after = await t.database.db
      .select()
      .from(localLists)
      .where(eq(localLists.chargePointId, cp!.chargePointId));
    expect(after[0]).toMatchObject({ version: cp!.version, entries: cp!.entries });
    // Still known: the next Differential is one, against version 1.
    answer = 'Accepted';
    expect((await send('sendLocalList', { updateType: 'Differential' }, 'LIST-2')).body.data).toEqual({
      status: 'Accepted',
      listVersion: 2,
      entries: 0,
    });
    expect(sent.map((s) => s.updateType)).toEqual(['Full', 'Differential', 'Differential', 'Differential']);
  });
});
