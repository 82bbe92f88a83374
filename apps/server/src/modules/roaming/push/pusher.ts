import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { ocpiCall, PartnerCallError, type OcpiCall, type Party } from '../ocpi/client.js';
import { moduleUrl, type CallOptions, type OwnParty } from '../ocpi/credentials.js';
import type { PartnerRow } from '../roaming.repository.js';
import * as repo from './push.repository.js';
import { pushSessions, type SessionPushTargets } from './sessions.js';

/** What a partner is sent: the published objects, as OCPI objects, from the roaming catalogue. */
export interface PushCatalog {
  /** Tariffs shown to the partner changed at or after `since` (null: every one). */
  tariffsChanged(partner: PartnerRow, since: Date | null): Promise<{ id: string; object: unknown }[]>;
  /** Published locations whose own data (not their statuses) changed at or after `since` (null: all). */
  locationsChanged(partner: PartnerRow, since: Date | null): Promise<{ id: string; object: unknown }[]>;
  /** The current OCPI status of the EVSEs named (a whole charger: each of its EVSEs). */
  evseStatuses(
    partner: PartnerRow,
    refs: repo.StatusRef[],
  ): Promise<{ locationId: string; evseUid: string; status: string; lastUpdated: string }[]>;
}

export interface PusherDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  own: OwnParty;
  call: CallOptions;
  catalog: PushCatalog;
  recordError: (partnerId: number, err: PartnerCallError) => Promise<void>;
}

/** Changes committed this long before a pass began are sent again by it (commit lag), harmlessly. */
const OVERLAP_MS = 5_000;
/** How old a partner's marks may grow in quiet passes before one is written. */
const MARK_REFRESH_MS = 60_000;
/** Status events read per round. */
const EVENTS_PER_ROUND = 2_000;
/** Rounds of status events one pass sends at most (the next pass goes on). */
const ROUNDS_PER_PASS = 5;
/** Calls in flight to one partner. */
const PARALLEL = 8;
/** The first retry after a failed push, doubled each time, up to the longest. */
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 15 * 60_000;

export const retryDelay = (failures: number) => Math.min(FIRST_RETRY_MS * 2 ** failures, LONGEST_RETRY_MS);

async function inParallel<T>(items: T[], limit: number, each: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Pushes to roaming partners (OCPI "push" model, 4.1.3): tariffs and locations staff changed (PUT),
 * then each EVSE whose status changed (PATCH), in that order, so an EVSE never names a tariff the
 * partner lacks; then its drivers' sessions (PUT/PATCH) and CDRs (POST), from the session events. A pass that fails leaves the partner's marks where they were and retries with
 * back-off; the next success sends everything since, so a partner down for a day loses nothing.
 * Runs on the leader (one process of a cluster).
 */
export class RoamingPusher {
  constructor(private readonly deps: PusherDeps) {}

  /** Pushes sent by the last pass (for the benchmark and tests). */
  sent = 0;

  async run(): Promise<void> {
    const { db, clock, log } = this.deps;
    const partners = await repo.duePartners(db, clock.now());
    await Promise.all(
      partners.map((p) =>
        this.pushOne(p).catch((err: unknown) => log.error({ err, partnerId: p.id }, 'roaming push failed')),
      ),
    );
  }

  private call(partner: PartnerRow, method: OcpiCall['method'], url: string, body: unknown) {
    const to: Party = { countryCode: partner.countryCode ?? '', partyId: partner.partyId ?? '' };
    const from: Party = { countryCode: this.deps.own.countryCode, partyId: this.deps.own.partyId };
    this.sent++;
    return ocpiCall(
      { method, url, token: partner.outgoingToken ?? '', body, routing: { from, to } },
      this.deps.call,
    );
  }

  /**
   * The integration events after the partner's cursor, in commit order: EVSE statuses (PATCH),
   * then the partner's sessions and their CDRs. Returns the cursor after what was sent.
   */
  private async pushEvents(partner: PartnerRow, locations: string | null, targets: SessionPushTargets) {
    const { db, clock, catalog, own } = this.deps;
    let cursor: { pushCursor: number; pushCursorTx: string } | null = null;
    const paths = await repo.publishedPaths(db, partner);
    let current = partner;
    // A bounded number of rounds a pass, each one's cursor kept as soon as it is sent: a pass
    // ends while events keep coming faster than they are sent, and a failure resends one round.
    for (let round = 1; ; round++) {
      const batch = await repo.statusChanges(db, current, paths, EVENTS_PER_ROUND);
      if (locations && batch.refs.length > 0) {
        const evses = await catalog.evseStatuses(partner, batch.refs);
        await inParallel(evses, PARALLEL, async (e) => {
          const url = `${locations}/${encodeURIComponent(e.locationId)}/${encodeURIComponent(e.evseUid)}`;
          await this.call(partner, 'PATCH', url, { status: e.status, last_updated: e.lastUpdated });
        });
      }
      // Sessions and CDRs after the EVSEs, in the round's order: a session's Location is known.
      await pushSessions(
        { db, identity: own, now: () => clock.now(), send: (m, u, b) => this.call(partner, m, u, b) },
        partner.id,
        targets,
        batch.sessionIds,
      );
      if (batch.cursor) {
        cursor = { pushCursor: batch.cursor.id, pushCursorTx: batch.cursor.tx };
        current = { ...current, ...cursor };
        if (batch.more) await repo.saveCursor(db, partner.id, cursor);
      }
      if (!batch.more || round >= ROUNDS_PER_PASS) return cursor;
    }
  }

  private async pushOne(partner: PartnerRow) {
    const { db, clock, catalog, own } = this.deps;
    const started = clock.now();
    const sentBefore = this.sent;
    const since = (at: Date | null) => (at ? new Date(at.getTime() - OVERLAP_MS) : null);
    const base = (identifier: string) => {
      const url = moduleUrl(partner.endpoints, identifier, 'RECEIVER');
      return url ? `${url.replace(/\/$/, '')}/${own.countryCode}/${own.partyId}` : null;
    };
    try {
      const tariffs = base('tariffs');
      if (tariffs) {
        const changed = await catalog.tariffsChanged(partner, since(partner.tariffsSyncedAt));
        await inParallel(changed, PARALLEL, async (t) => {
          await this.call(partner, 'PUT', `${tariffs}/${encodeURIComponent(t.id)}`, t.object);
        });
      }
      const locations = base('locations');
      const cdrs = moduleUrl(partner.endpoints, 'cdrs', 'RECEIVER');
      const targets = { sessions: base('sessions'), cdrs: cdrs ? cdrs.replace(/\/$/, '') : null };
      if (locations) {
        const changed = await catalog.locationsChanged(partner, since(partner.locationsSyncedAt));
        await inParallel(changed, PARALLEL, async (l) => {
          await this.call(partner, 'PUT', `${locations}/${encodeURIComponent(l.id)}`, l.object);
        });
      }
      const cursor = await this.pushEvents(partner, locations, targets);
      // A quiet pass writes nothing, unless its marks are a minute old (the next window stays short).
      const marks = [partner.tariffsSyncedAt, partner.locationsSyncedAt];
      const stale = marks.some((m) => !m || started.getTime() - m.getTime() > MARK_REFRESH_MS);
      if (this.sent === sentBefore && !cursor && !stale && partner.pushFailures === 0) return;
      await repo.recordPushSuccess(
        db,
        partner.id,
        {
          ...(tariffs ? { tariffsSyncedAt: started } : {}),
          ...(locations ? { locationsSyncedAt: started } : {}),
          ...(cursor ?? {}),
        },
        this.sent > sentBefore ? clock.now() : partner.lastSuccessAt,
      );
    } catch (err) {
      if (!(err instanceof PartnerCallError)) throw err;
      await this.deps.recordError(partner.id, err);
      await repo.recordPushFailure(
        db,
        partner.id,
        new Date(clock.now().getTime() + retryDelay(partner.pushFailures)),
      );
    }
  }
}
