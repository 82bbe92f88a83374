import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, whileUnavailable } from './db-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that cannot be reached', () => {
  it('is told apart from a statement the database refuses, for node-postgres and PGlite', () => {
    for (const err of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
      // drizzle wraps the driver's error as its cause
      new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('value out of range', '22003'),
      new Error('Something else'),
      undefined,
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });

  it('is waited for: the work runs again until it succeeds, and any other failure is thrown at once', async () => {
    let tries = 0;
    const answer = await whileUnavailable(
      () => (++tries < 3 ? Promise.reject(new Error('PGlite is closed')) : Promise.resolve('stored')),
      10_000,
      { firstMs: 1, maxMs: 1 },
    );
    expect({ answer, tries }).toEqual({ answer: 'stored', tries: 3 });
    let wrong = 0;
    await expect(
      whileUnavailable(() => {
        wrong++;
        return Promise.reject(withCode('duplicate key', '23505'));
      }, 10_000),
    ).rejects.toThrow('duplicate key');
    expect(wrong).toBe(1);
  });
});
