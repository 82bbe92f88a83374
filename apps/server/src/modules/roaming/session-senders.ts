import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { toOcpiSession } from './ocpi-objects/cdrs.js';
import type { CpoIdentity } from './ocpi-objects/types.js';
import type { OcpiSenderModule } from './ocpi.routes.js';
import type { PageQuery } from './ocpi/transport.js';
import { cdrPage, sessionPage } from './push/sessions.repository.js';

const range = (page: PageQuery) => ({
  ...(page.dateFrom ? { dateFrom: page.dateFrom } : {}),
  ...(page.dateTo ? { dateTo: page.dateTo } : {}),
  offset: page.offset,
  limit: page.limit,
});

/**
 * The Sessions (§9.2.1) and CDRs (§10.2.1) modules as sender, for a partner that pulls: only its
 * own drivers' sessions and the CDRs made of them, by last_updated, with pagination.
 */
export function sessionSenders(db: Db, clock: Clock, identity: CpoIdentity): OcpiSenderModule[] {
  return [
    {
      identifier: 'sessions',
      list: async ({ partner }, page) => {
        const { rows, total } = await sessionPage(db, partner.id, range(page), clock.now());
        return { items: rows.map((r) => toOcpiSession(identity, r.facts)), total };
      },
    },
    {
      identifier: 'cdrs',
      list: async ({ partner }, page) => cdrPage(db, partner.id, range(page)),
    },
  ];
}
