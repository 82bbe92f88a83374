import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { drivers } from '../../db/schema/index.js';
import { ledgerSum } from './balance.repository.js';
import { postBalanceEntry } from './balance.service.js';

let t: TestApp;
let main: string;
let istanbul: string;

type Err = { error: string; code?: string };
type Entry = { id: number; amount: number; balanceAfter: number; kind: string; reference: string | null };
type Ledger = { data: { items: (Entry & { reason: string; userEmail: string | null })[]; total: number } };

beforeAll(async () => {
  t = await createTestApp();
  main = await t.login('main@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(() => t.close());

async function driverId(search: string) {
  const r = await t.call<{ data: { items: { id: number }[] } }>(
    'POST',
    '/api/portal/Driver/GetDriversDynamic?index=0&size=10',
    { token: main, body: { search } },
  );
  const id = r.body.data.items[0]?.id;
  if (!id) throw new Error(`no driver ${search}`);
  return id;
}

const balanceOf = async (id: number) =>
  (await t.call<{ data: { balance: number } }>('GET', `/api/portal/driver/${id}`, { token: main })).body.data
    .balance;

const post = (token: string, body: object) =>
  t.call<{ data: Entry; message: string } & Err>('POST', '/api/portal/driver/balance', { token, body });

describe('balance ledger', () => {
  it('keeps the balance equal to the sum of 20 concurrent adjustments: no lost update', async () => {
    const id = await driverId('Zeynep');
    const start = await balanceOf(id);
    const amounts = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 1 : -1) * (i + 1) * 100);
    const results = await Promise.all(
      amounts.map((amount, i) =>
        post(i % 2 ? main : istanbul, { driverId: id, amount, reason: `Parallel ${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(amounts.map(() => 200));
    const expected = start + amounts.reduce((a, b) => a + b, 0);
    expect(await balanceOf(id)).toBe(expected);
    expect(await ledgerSum(t.database.db, id)).toBe(expected);

    // Each entry's balanceAfter follows from the one before: they ran one after another.
    const ledger = await t.call<Ledger>('GET', `/api/portal/driver/${id}/balance?index=0&size=100`, {
      token: main,
    });
    const chain = [...ledger.body.data.items].reverse();
    expect(chain).toHaveLength(21);
    for (const [i, e] of chain.entries()) {
      const before = i === 0 ? 0 : (chain[i - 1]?.balanceAfter ?? NaN);
      expect(e.balanceAfter).toBe(before + e.amount);
    }
  });

  it('refuses a staff debit below zero and changes nothing', async () => {
    const id = await driverId('Murat');
    const r = await post(main, { driverId: id, amount: -1, reason: 'Oops' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('The balance would fall below zero (0 available); the debit was not posted.');
    expect(await balanceOf(id)).toBe(0);
    const ledger = await t.call<Ledger>('GET', `/api/portal/driver/${id}/balance`, { token: main });
    expect(ledger.body.data.total).toBe(0);
  });

  it('posts a reference once: a retry returns the first entry, a different posting is a conflict', async () => {
    const id = await driverId('Elif');
    const body = {
      driverId: id,
      amount: 2500,
      kind: 'topup',
      reason: 'Bank transfer',
      reference: 'bank:TX-1',
    };
    const first = await post(main, body);
    const retry = await post(main, body);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Balance updated.');
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await balanceOf(id)).toBe(2500);
    const other = await post(main, { ...body, amount: 9999 });
    expect(other.status).toBe(409);
    expect(await balanceOf(id)).toBe(2500);
  });

  it('pages the ledger newest first, filtered by kind, with who posted each entry', async () => {
    const id = await driverId('Ali');
    await post(istanbul, { driverId: id, amount: -500, reason: 'Goodwill correction' });
    await post(istanbul, { driverId: id, amount: 300, kind: 'refund', reason: 'Failed session' });
    const page = await t.call<Ledger>('GET', `/api/portal/driver/${id}/balance?index=0&size=2`, {
      token: istanbul,
    });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.items.map((e) => [e.kind, e.amount, e.reason, e.userEmail])).toEqual([
      ['refund', 300, 'Failed session', 'istanbul@voltline.local'],
      ['adjustment', -500, 'Goodwill correction', 'istanbul@voltline.local'],
    ]);
    const topups = await t.call<Ledger>('GET', `/api/portal/driver/${id}/balance?kind=topup`, {
      token: istanbul,
    });
    expect(topups.body.data.items.map((e) => [e.amount, e.reason, e.userEmail])).toEqual([
      [50_000, 'Demo opening balance', null],
    ]);
  });

  it('validates the adjustment: non-zero whole minor units and a reason', async () => {
    const r = await t.call<{ details: { field: string; message: string }[] }>(
      'POST',
      '/api/portal/driver/balance',
      { token: main, body: { driverId: 1, amount: 0, kind: 'charge', reason: '' } },
    );
    expect(r.status).toBe(400);
    expect(r.body.details.map((d) => d.field).sort()).toEqual(['body.amount', 'body.kind', 'body.reason']);
    expect(r.body.details.find((d) => d.field === 'body.amount')?.message).toBe('The amount cannot be zero.');
    const frac = await t.call('POST', '/api/portal/driver/balance', {
      token: main,
      body: { driverId: 1, amount: 12.5, reason: 'Half a kuruş' },
    });
    expect(frac.status).toBe(400);
  });

  it('lets billing post a session charge that may go below zero, once per reference', async () => {
    const id = await driverId('Murat');
    const charge = () =>
      t.database.db.transaction((tx) =>
        postBalanceEntry(tx, {
          driverId: id,
          amount: -1234,
          kind: 'charge',
          reference: 'session:9001',
          allowNegative: true,
        }),
      );
    const first = await charge();
    const again = await charge();
    expect(first).toMatchObject({ created: true, entry: { balanceAfter: -1234, userId: null } });
    expect(again).toMatchObject({ created: false, entry: { id: first.entry.id } });
    const [row] = await t.database.db.select().from(drivers).where(eq(drivers.id, id));
    expect(row?.balance).toBe(-1234);
  });
});
