import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/**
 * Runs a statement of fixed text as a named prepared statement: on PostgreSQL it is parsed and
 * planned once per connection (the pool sets `plan_cache_mode=force_generic_plan`, so the plan of
 * the first run is kept), then only bound and executed. The charger traffic's statements were
 * planned at every run, and planning cost PostgreSQL more CPU than running them (the card read:
 * 0.33 ms to plan, 0.07 ms to run; pg_stat_statements, docs/benchmarks.md). The embedded database
 * plans every statement anyway. The result is what `tx.execute` gives.
 *
 * Only for statements whose best plan does not depend on the sizes of their inputs or of growing
 * tables (a lookup by a unique key, an update by primary keys): a kept plan is never revised.
 * `name` must stand for one text only, so a statement whose text changes with its input (a
 * variable number of parameters) cannot be named.
 */
export function executeNamed(tx: Tx, name: string, query: SQL): Promise<unknown> {
  // Drizzle's own prepared-query path (what `.prepare(name)` of its builders uses), for raw SQL.
  const internals = tx as unknown as { session: PgSession; dialect: PgDialect };
  const built = internals.dialect.sqlToQuery(query);
  return internals.session.prepareQuery(built, undefined, name, false).execute();
}
