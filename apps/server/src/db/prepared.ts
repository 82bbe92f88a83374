import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/**
 * Runs a statement of fixed text as a named prepared statement: on PostgreSQL it is parsed once
 * per connection, and after five runs PostgreSQL keeps a generic plan when that plan is no
 * costlier than the ones made for each run's values (a lookup by a unique key: the card read
 * took 0.33 ms to plan and 0.07 ms to run; pg_stat_statements, docs/benchmarks.md). A statement
 * whose best plan depends on its input sizes keeps being planned per run, as an unnamed one is.
 * The embedded database plans every statement anyway. The result is what `tx.execute` gives.
 *
 * `name` must stand for one text only: a statement whose text changes with its input (a variable
 * number of parameters) cannot be named.
 */
export function executeNamed(tx: Tx, name: string, query: SQL): Promise<unknown> {
  // Drizzle's own prepared-query path (what `.prepare(name)` of its builders uses), for raw SQL.
  const internals = tx as unknown as { session: PgSession; dialect: PgDialect };
  const built = internals.dialect.sqlToQuery(query);
  return internals.session.prepareQuery(built, undefined, name, false).execute();
}

/** A statement prepared from Drizzle's builder, run with its placeholders' values. */
interface Runnable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A query builder's statement built once, with `sql.placeholder` for its values, and then run as
 * the named prepared statement `name` in whatever transaction is given: building a statement
 * with the builder costs more server CPU than running it (a fifth of the server's busy time under
 * charger traffic went to it; docs/benchmarks.md), and the name spares PostgreSQL its parsing and,
 * where a generic plan serves, its planning. `statement(tx).execute({...})` returns what the
 * builder's `execute` would.
 */
export function reusable<Q extends Runnable>(name: string, build: (tx: Tx) => { prepare(name: string): Q }) {
  let template: Q | undefined;
  return (tx: Tx): Q => {
    const client = (tx as unknown as { session: { client: unknown } }).session.client;
    template ??= build(tx).prepare(name);
    // The statement as built, run through this transaction's connection.
    return Object.create(template, { client: { value: client } }) as Q;
  };
}

/**
 * An insert's values as placeholders of the same names, for `reusable`: `.values(placeholders(COLUMNS))`
 * then `.execute(row)` with a value for every column.
 */
export function placeholders(columns: readonly string[]): never {
  return Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as never;
}
