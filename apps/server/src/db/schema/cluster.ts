import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Voltline processes sharing this database. Each writes `seen_at` every few seconds; a
 * process silent for longer than the node time-out is gone (stopped, killed or cut off), and the
 * chargers it held are shown offline.
 */
export const clusterNodes = pgTable(
  'cluster_nodes',
  {
    nodeId: text('node_id').primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    version: text('version').notNull(),
  },
  (t) => [index('cluster_nodes_seen_at_idx').on(t.seenAt)],
);
