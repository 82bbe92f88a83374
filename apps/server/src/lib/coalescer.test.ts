import { describe, expect, it } from 'vitest';
import { GroupCommit } from './coalescer.js';

/**
 * A stand-in database that records its transactions: each is the list of what its writers wrote,
 * kept only when the transaction commits (a write that throws rolls it back, as in PostgreSQL).
 */
class Ledger {
  committed: string[][] = [];
  rolledBack = 0;
  transaction = async (write: (tx: string[]) => Promise<void>): Promise<void> => {
    const tx: string[] = [];
    try {
      await write(tx);
    } catch (err) {
      this.rolledBack++;
      throw err;
    }
    this.committed.push(tx);
  };
  rows = () => this.committed.flat();
}

describe('group commit', () => {
  it('writes the waiting items of every lane in one transaction, each lane by its own writer', async () => {
    const db = new Ledger();
    const writes = new GroupCommit<string[]>(db.transaction, { waitMs: 5 });
    const beats = writes.lane<string>((tx, ids) =>
      Promise.resolve(void tx.push(`heartbeats ${ids.join(',')}`)),
    );
    const meters = writes.lane<string>((tx, ids) => Promise.resolve(void tx.push(`meters ${ids.join(',')}`)));
    await Promise.all([beats.add('A'), meters.add('B'), beats.add('C')]);
    expect(db.committed).toEqual([['heartbeats A,C', 'meters B']]);
  });

  it('answers each job with its own result, once the transaction that carried it has committed', async () => {
    const db = new Ledger();
    const writes = new GroupCommit<string[]>(db.transaction, { waitMs: 5 });
    const jobs = writes.jobs();
    const start = (name: string) =>
      jobs.run((tx) => {
        tx.push(`start ${name}`);
        return Promise.resolve({ transactionId: tx.length });
      });
    const answers = await Promise.all([start('A'), start('B'), start('C')]);
    expect(answers).toEqual([{ transactionId: 1 }, { transactionId: 2 }, { transactionId: 3 }]);
    expect(db.committed).toEqual([['start A', 'start B', 'start C']]);
  });

  it('fails only the job that failed: the others are written again without it and succeed', async () => {
    const db = new Ledger();
    const writes = new GroupCommit<string[]>(db.transaction, { waitMs: 5 });
    const meters = writes.lane<string>((tx, ids) => Promise.resolve(void tx.push(`meters ${ids.join(',')}`)));
    const jobs = writes.jobs();
    const results = await Promise.allSettled([
      jobs.run((tx) => Promise.resolve(void tx.push('stop 1'))),
      jobs.run(() => Promise.reject(new Error('driver not found'))),
      meters.add('M'),
      jobs.run((tx) => Promise.resolve(void tx.push('stop 3'))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('driver not found'));
    // What a rolled-back transaction wrote is gone; every good item is stored exactly once.
    expect(db.rows().sort()).toEqual(['meters M', 'stop 1', 'stop 3']);
    expect(db.rolledBack).toBeGreaterThan(0);
  });

  it('puts no more of a capped lane in one transaction than its cap, in the order they came', async () => {
    const db = new Ledger();
    const writes = new GroupCommit<string[]>(db.transaction, { waitMs: 5, concurrency: 1 });
    const jobs = writes.jobs({ maxPerTransaction: 2 });
    const beats = writes.lane<string>((tx, ids) =>
      Promise.resolve(void tx.push(`heartbeats ${ids.join(',')}`)),
    );
    await Promise.all([
      ...['1', '2', '3', '4', '5'].map((n) => jobs.run((tx) => Promise.resolve(void tx.push(`start ${n}`)))),
      beats.add('A'),
    ]);
    expect(db.committed).toEqual([
      ['start 1', 'start 2', 'heartbeats A'],
      ['start 3', 'start 4'],
      ['start 5'],
    ]);
  });
});
