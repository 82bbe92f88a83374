import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A column of a bulk insert: the column, its PostgreSQL type, and how to read it off a row. */
export type UnnestColumn<R> = [PgColumn, string, (row: R) => unknown];

/**
 * One INSERT of many rows with one array parameter per column (`SELECT * FROM unnest(…)`) instead
 * of a parameter per value: building and sending thousands of parameters per second was a large
 * part of the server's CPU under charger load. `onConflict` is appended as it is.
 */
export function insertUnnest<R>(
  table: PgTable,
  columns: UnnestColumn<R>[],
  rows: R[],
  onConflict: SQL = sql``,
): SQL {
  const names = sql.join(
    columns.map(([c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const arrays = sql.join(
    columns.map(([, type, get]) => sql`${sql.param(rows.map(get))}::${sql.raw(type)}[]`),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) ${onConflict}`;
}
