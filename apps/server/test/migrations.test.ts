import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.js';

// The migrator applies a migration only when its `when` is later than the last one the database
// holds. A migration written with an earlier `when` than its predecessor is skipped on every
// database that is upgraded, while fresh databases (and so the other tests) get it: an operator
// upgrading would have been left without the webhook tables.

interface Entry {
  idx: number;
  when: number;
  tag: string;
}
const journalFile = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Entry[] };

describe('database migrations', () => {
  it('are listed once each, in order, each later than the one before', () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4))
      .sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, entry] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(entry.idx, entry.tag).toBeGreaterThan(before.idx);
      expect(entry.when, `${entry.tag} is dated before ${before.tag}`).toBeGreaterThan(before.when);
    }
  });

  it('bring a database of every earlier release up to the newest, with every table', async () => {
    const fresh = await PGlite.create();
    await migrate(drizzle(fresh), { migrationsFolder: MIGRATIONS_DIR });
    const tables = async (db: PGlite) =>
      (
        await db.query<{ name: string }>(
          `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
        )
      ).rows.map((r) => r.name);
    const wanted = await tables(fresh);
    await fresh.close();

    // An older release: the migrations up to some point, as a folder of its own.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'voltline-migrations-'));
    try {
      for (const upTo of [journal.entries.length - 4]) {
        const old = path.join(dir, `upto-${upTo}`);
        cpSync(MIGRATIONS_DIR, old, { recursive: true });
        writeFileSync(
          path.join(old, 'meta', '_journal.json'),
          JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
        );
        const db = await PGlite.create();
        await migrate(drizzle(db), { migrationsFolder: old });
        await migrate(drizzle(db), { migrationsFolder: MIGRATIONS_DIR });
        expect(await tables(db), `upgraded from ${journal.entries[upTo - 1]!.tag}`).toEqual(wanted);
        const applied = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]!.n).toBe(journal.entries.length);
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Migrating an embedded database twice takes a while on a loaded machine.
  }, 240_000);
});
