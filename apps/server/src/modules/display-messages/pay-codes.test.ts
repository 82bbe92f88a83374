import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import { API, payCodeMessageId, type StoredDisplayMessage } from '@voltline/contract';
import { commandRecords, deviceReportRequests } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { payableChargePoint, payCharger, type PayCharger } from '../../../test/pay-charger.js';

// The pay code on 2.0.1 chargers' displays (issue #30): a station with a display holds, for each
// EVSE strangers can pay at, an Idle message of Voltline's own id with the EVSE's pay address, set
// again after every boot; stations without a display, without a price and 1.6 chargers get none.

let t: TestApp;
let url: string;
let admin: string;
const PW = 'pay-code-charger-secret';
const stations: SimCharger201[] = [];
let old: PayCharger;
const ids = new Map<string, number>();

async function station(id: string, config: Record<string, string> = {}, payable = true) {
  const cp = payable ? await payableChargePoint(t, id, PW) : await registerChargePoint(t, id, PW);
  ids.set(id, cp.id);
  const s = await startCharger201({ url, id, password: PW, rebootDelay: 0.2, config });
  stations.push(s);
  return s;
}

const setCalls = async (id: string) =>
  t.database.db
    .select()
    .from(commandRecords)
    .where(
      and(eq(commandRecords.chargePointId, ids.get(id)!), eq(commandRecords.action, 'SetDisplayMessage')),
    )
    .orderBy(commandRecords.id);

/** Waits until Voltline holds the station's device model, then a moment for anything it sends. */
async function modelKnown(id: string) {
  await until(async () => {
    const [done] = await t.database.db
      .select()
      .from(deviceReportRequests)
      .where(
        and(
          eq(deviceReportRequests.chargePointId, ids.get(id)!),
          isNotNull(deviceReportRequests.completedAt),
        ),
      );
    return done;
  });
  await new Promise((r) => setTimeout(r, 800));
}

const listed = async (id: string) =>
  (
    await t.call<{ data: StoredDisplayMessage[] }>(
      'GET',
      `/api/${API.chargePoints.displayMessages(ids.get(id)!)}`,
      {
        token: admin,
      },
    )
  ).body.data;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  url = await listen(t);
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await Promise.all(stations.map((s) => s.close()));
  await old?.close();
  await t.close();
});

describe('the pay code on a 2.0.1 display', () => {
  it('shows each EVSE its pay address while idle, and sets it again after a reboot under the same ids', async () => {
    const s = await station('PAYD-1');
    await until(() => Promise.resolve(s.displayMessages.size === 2));
    for (const evse of [1, 2]) {
      expect(s.displayMessages.get(payCodeMessageId(evse))).toEqual({
        id: payCodeMessageId(evse),
        priority: 'NormalCycle',
        state: 'Idle',
        message: { format: 'URI', content: `http://voltline.test/pay/PAYD-1*${evse}` },
        display: { name: 'Display', evse: { id: evse } },
      });
    }
    // Staff see them in the display messages tab, sent by Voltline itself (no user).
    const shown = await until(async () => {
      const rows = await listed('PAYD-1');
      return rows.length === 2 && rows;
    });
    expect(shown.map((m) => [m.id, m.state, m.content, m.display?.evse?.id])).toEqual([
      [payCodeMessageId(1), 'Idle', 'http://voltline.test/pay/PAYD-1*1', 1],
      [payCodeMessageId(2), 'Idle', 'http://voltline.test/pay/PAYD-1*2', 2],
    ]);
    expect((await setCalls('PAYD-1')).map((r) => [r.userId, r.status])).toEqual([
      [null, 'Accepted'],
      [null, 'Accepted'],
    ]);

    // The station forgets one of them in its reboot: both are set again, replacing, never adding.
    s.displayMessages.delete(payCodeMessageId(2));
    await s.reboot();
    await until(async () => (await setCalls('PAYD-1')).length === 4 || undefined);
    await until(() => Promise.resolve(s.displayMessages.size === 2));
    expect([...s.displayMessages.keys()].sort()).toEqual([payCodeMessageId(1), payCodeMessageId(2)]);
    expect((await listed('PAYD-1')).map((m) => m.id)).toEqual([payCodeMessageId(1), payCodeMessageId(2)]);
  });

  it('falls back to text where the display shows no links, and a full display leaves the refusal at that', async () => {
    const s = await station('PAYD-2', {
      DisplayMessageSupportedFormats: 'ASCII,UTF8',
      NumberOfDisplayMessages: '1',
    });
    await until(
      async () => (await setCalls('PAYD-2')).filter((r) => r.outcome !== 'sent').length === 2 || undefined,
    );
    expect([...s.displayMessages.values()]).toEqual([
      expect.objectContaining({
        id: payCodeMessageId(1),
        message: { format: 'UTF8', content: 'http://voltline.test/pay/PAYD-2*1' },
      }),
    ]);
    expect((await setCalls('PAYD-2')).map((r) => r.status)).toEqual(['Accepted', 'Rejected']);
    expect((await listed('PAYD-2')).map((m) => m.id)).toEqual([payCodeMessageId(1)]);
    expect(s.isConnected).toBe(true);
  });

  it('sends nothing to a station without a display, one nobody can pay at, or a 1.6 charger', async () => {
    const blind = await station('PAYD-3', { DisplayMessageAvailable: 'false' });
    const free = await station('PAYD-4', {}, false);
    await payableChargePoint(t, 'PAYD-16', PW).then((cp) => ids.set('PAYD-16', cp.id));
    old = await payCharger(url, 'PAYD-16', PW);
    await modelKnown('PAYD-3');
    await modelKnown('PAYD-4');
    expect(blind.displayMessages.size).toBe(0);
    expect(free.displayMessages.size).toBe(0);
    for (const id of ['PAYD-3', 'PAYD-4', 'PAYD-16']) {
      expect(await setCalls(id)).toEqual([]);
      expect(await listed(id)).toEqual([]);
    }
  });
});
