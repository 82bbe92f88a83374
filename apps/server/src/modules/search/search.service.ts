import type { Permission, SearchHit, SearchKind, SearchResult } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Actor, Ctx } from '../../lib/context.js';
import * as repo from './search.repository.js';

type Finder = (tx: Tx, actor: Actor, q: string) => Promise<SearchHit[]>;

/** Each kind, the permission that lets a user read it, and its query. Cards are drivers' records. */
const KINDS: [SearchKind, Permission, Finder][] = [
  ['chargePoint', 'chargePoints:read', repo.chargePointHits],
  ['driver', 'drivers:read', repo.driverHits],
  ['card', 'drivers:read', repo.cardHits],
  ['user', 'users:read', repo.userHits],
  ['session', 'sessions:read', repo.sessionHits],
  ['operator', 'operators:read', repo.operatorHits],
];

/**
 * The header's search (issue #34): one box that finds any record a support person is asked about,
 * among those the user may see: only the kinds their roles read, only in their operator subtree.
 */
export class SearchService {
  constructor(private readonly db: Db) {}

  async search(ctx: Ctx, q: string): Promise<SearchResult> {
    const allowed = KINDS.filter(([, permission]) => ctx.actor.permissions.has(permission));
    const found = await Promise.all(allowed.map(([, , find]) => find(this.db, ctx.actor, q)));
    return { hits: found.flat() };
  }
}
