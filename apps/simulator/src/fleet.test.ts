import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CardPool, startFleet, type Fleet } from './index.js';
import { TestCentralSystem, type Received } from './test-server.js';

let cs: TestCentralSystem;
let fleet: Fleet | undefined;

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
  cs.oneSessionPerCard = true;
});
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});
afterAll(async () => {
  await cs.close();
});

const status = (m: Received) => (m.response as { idTagInfo: { status: string } }).idTagInfo.status;
const starts = (prefix: string) =>
  cs.received.filter((m) => m.action === 'StartTransaction' && m.identity.startsWith(prefix));

describe('card pool', () => {
  it('hands out free cards, finds busy ones held by others, and frees a card once', () => {
    const pool = new CardPool();
    const release = pool.claim('A', 'CP-1');
    expect(pool.free(['A', 'B'], () => 0)).toBe('B');
    expect(pool.free(['A'], Math.random)).toBeUndefined();
    expect(pool.busy(Math.random, 'CP-1')).toBeUndefined();
    expect(pool.busy(Math.random, 'CP-2')).toBe('A');
    release();
    release();
    expect(pool.isInUse('A')).toBe(false);
  });
});

describe('fleet sessions and cards', () => {
  it('never starts one card on two chargers unless asked to', async () => {
    fleet = await startFleet({
      url: cs.url,
      count: 3,
      prefix: 'OWN-',
      autoSessions: true,
      sessionProbability: 1,
      speed: 60,
      idTags: ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'],
    });
    // Six connectors, six cards, every driver arrives at the first look (within a simulated minute).
    await cs.until(
      () => starts('OWN-').length === 6 && starts('OWN-').every((m) => m.response),
      5000,
      'six starts',
    );
    expect(starts('OWN-').map(status)).toEqual(Array(6).fill('Accepted'));
    expect(new Set(starts('OWN-').map((m) => m.payload.idTag)).size).toBe(6);
  });

  it('with sharedCardShare starts a card another charger is using: refused ConcurrentTx, and charges on when told to', async () => {
    fleet = await startFleet({
      url: cs.url,
      count: 4,
      prefix: 'SHARE-',
      autoSessions: true,
      sessionProbability: 1,
      sharedCardShare: 1,
      speed: 60,
      idTags: Array.from({ length: 20 }, (_, i) => `S${i}`),
      config: { StopTransactionOnInvalidId: 'false', MaxEnergyOnInvalidId: '1000000000' },
    });
    const refused = await cs.until(
      () => {
        const r = starts('SHARE-').filter((m) => m.response && status(m) === 'ConcurrentTx');
        return r.length > 0 && r;
      },
      5000,
      'a ConcurrentTx',
    );
    for (const m of refused) {
      // The card was in an accepted session of another charger.
      const holder = starts('SHARE-').find(
        (s) => s.payload.idTag === m.payload.idTag && status(s) === 'Accepted' && s.at <= m.at,
      );
      expect(holder).toBeDefined();
      expect(holder?.identity).not.toBe(m.identity);
    }
    await cs.until(() => (fleet?.stats().refused ?? 0) > 0, 2000, 'refused transactions kept open');
  });
});
