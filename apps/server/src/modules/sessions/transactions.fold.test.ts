import { describe, expect, it } from 'vitest';
import {
  foldEvents,
  foldSummary,
  mergeSummaries,
  summarize,
  type ChargerTxEvent,
  type MeterSample,
} from './transactions.fold.js';

// A session keeps the summary of its transaction's events and merges each new one in. That is only
// right if merging in any order, in any grouping, after a trip through the database's JSON, gives
// the fold of all the events at once; random transactions (gaps, ties, odd units) check it.

let seed = 2026;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const any = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
const at = () => new Date(1_800_000_000_000 + 1000 * Math.floor(rnd() * 4));

function sample(): MeterSample {
  return {
    at: at(),
    measurand: any(['Energy.Active.Import.Register', 'Power.Active.Import', 'SoC']),
    numeric: any([null, 0, 2.5, 1000, 7_000]),
    unit: any(['Wh', 'kWh', 'W', 'kW', 'Percent']),
    phase: rnd() < 0.2 ? 'L1' : null,
    context: any([null, 'Transaction.Begin', 'Transaction.End', 'Sample.Periodic']),
  } as MeterSample;
}

function transaction(): ChargerTxEvent[] {
  const seqNos = new Set([...Array(1 + Math.floor(rnd() * 7)).keys()].map((i) => (rnd() < 0.1 ? i + 1 : i)));
  return [...seqNos].map((seqNo) => ({
    transactionId: 'TX',
    seqNo,
    kind: any(['Started', 'Updated', 'Ended'] as const),
    trigger: any(['MeterValuePeriodic', 'StopAuthorized', 'RemoteStop']),
    at: at(),
    offline: rnd() < 0.5,
    ...(rnd() < 0.3 ? { connectorId: 1 + Math.floor(rnd() * 2) } : {}),
    ...(rnd() < 0.3 ? { token: { idTag: any(['CARD-A', 'CARD-B']), free: false } } : {}),
    ...(rnd() < 0.2 ? { reservationId: Math.floor(rnd() * 3) } : {}),
    ...(rnd() < 0.2 ? { remoteStartId: Math.floor(rnd() * 3) } : {}),
    ...(rnd() < 0.3 ? { stopReason: 'Remote' } : {}),
    samples: Array.from({ length: Math.floor(rnd() * 4) }, sample),
  }));
}

const shuffle = <T>(xs: T[]) => [...xs].sort(() => rnd() - 0.5);
const stored = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('the summary of a transaction’s events', () => {
  it('folds to the same session whatever order and grouping the events are merged in', () => {
    for (let run = 0; run < 3_000; run++) {
      const events = transaction();
      const whole = foldEvents(events);
      // One at a time, as they arrive, each merge stored and read back.
      const oneByOne = shuffle(events)
        .map(summarize)
        .reduce((sum, next) => stored(mergeSummaries(sum, next)));
      expect(foldSummary(oneByOne), JSON.stringify(events)).toEqual(whole);
      // Two halves summarised apart, then merged.
      const mixed = shuffle(events);
      const half = Math.floor(mixed.length / 2);
      const left = mixed.slice(0, half).map(summarize);
      const right = mixed.slice(half).map(summarize);
      if (left.length > 0) {
        const merged = mergeSummaries(left.reduce(mergeSummaries), right.reduce(mergeSummaries));
        expect(foldSummary(merged)).toEqual(whole);
      }
    }
  });

  it('closes only once every event from 0 to the Ended one is in, a negative seqNo aside', () => {
    const ev = (seqNo: number, kind: ChargerTxEvent['kind']): ChargerTxEvent => ({
      transactionId: 'TX',
      seqNo,
      kind,
      trigger: 'Updated',
      at: new Date(1_800_000_000_000 + seqNo * 1000),
      offline: false,
      samples: [],
    });
    expect(foldEvents([ev(0, 'Started'), ev(2, 'Ended')]).ended?.complete).toBe(false);
    expect(foldEvents([ev(0, 'Started'), ev(1, 'Updated'), ev(2, 'Ended')]).ended?.complete).toBe(true);
    expect(foldEvents([ev(-1, 'Updated'), ev(0, 'Started'), ev(1, 'Ended')]).ended?.complete).toBe(true);
    expect(foldEvents([ev(-1, 'Updated'), ev(1, 'Ended')]).ended?.complete).toBe(false);
  });
});
