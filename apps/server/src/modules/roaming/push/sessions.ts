import type { Session } from '@voltline/contract';
import type { Db } from '../../../db/client.js';
import type { SentRoamingCdr } from '../../../db/schema/index.js';
import { receiptFigures } from '../../receipts/figures.js';
import { usageSamples } from '../../sessions/usage.repository.js';
import { creditCdr, toOcpiCdr, toOcpiSession, type OcpiCdr } from '../ocpi-objects/cdrs.js';
import type { CpoIdentity } from '../ocpi-objects/types.js';
import * as repo from './sessions.repository.js';

/** How the pusher calls the partner: resolves on a 2xx answer, throws PartnerCallError else. */
export type Send = (method: 'PUT' | 'PATCH' | 'POST', url: string, body: unknown) => Promise<unknown>;

export interface SessionPushTargets {
  /** `{sessions receiver}/{cc}/{party}`, or null when the partner has none. */
  sessions: string | null;
  /** The partner's cdrs receiver, or null (it pulls). */
  cdrs: string | null;
}

/** The bill of a stopped, billed session as its receipt states it (the CDR's totals). */
async function billOf(db: Db, row: repo.RoamingSessionRow) {
  const s = row.session;
  if (s.cost === null || s.stoppedAt === null || !row.facts.tariff) return null;
  if (s.state !== 'completed') return null;
  const usage = { samples: await usageSamples(db, s), chargingEndedAt: s.chargingEndedAt };
  // receiptFigures reads only the session's money and times.
  const asSession = {
    tariff: row.facts.tariff,
    cost: s.cost,
    currency: s.currency,
    startedAt: s.startedAt.toISOString(),
    stoppedAt: s.stoppedAt.toISOString(),
    meterStart: s.correctedMeterStart ?? s.meterStart,
    energyWh: row.facts.energyWh,
  } as Session;
  return receiptFigures(asSession, row.facts.operatorVatRate, usage);
}

/**
 * The CDRs the session's bill calls for, made once each and kept: the first when it is billed;
 * when it is billed again at another amount, a credit CDR of the last one and a new one. Those
 * already made are kept as they are (a CDR is never changed after it is made).
 */
export async function cdrsDue(
  db: Db,
  identity: CpoIdentity,
  row: repo.RoamingSessionRow,
  now: Date,
): Promise<SentRoamingCdr[]> {
  const bill = await billOf(db, row);
  if (!bill) return row.cdrs;
  const cdrs = [...row.cdrs];
  const standing = cdrs.filter(
    (c) => !c.credit && !cdrs.some((x) => x.credit && x.object?.credit_reference_id === c.id),
  );
  const last = standing.at(-1);
  if (last && last.totalInclVat === bill.gross) return cdrs;
  const n = cdrs.filter((c) => !c.credit).length + 1;
  if (last?.object) {
    const credit = creditCdr(last.object as OcpiCdr, `${last.id}-CR`, now);
    cdrs.push({
      id: credit.id,
      totalInclVat: -last.totalInclVat,
      credit: true,
      sentAt: null,
      object: credit,
    });
  }
  const signedData = await repo.signedData(db, row.facts.sessionId);
  const cdr = toOcpiCdr(identity, row.facts, bill, {
    id: `VLT-${row.facts.sessionId}-${n}`,
    at: now,
    signedData,
  });
  cdrs.push({ id: cdr.id, totalInclVat: bill.gross, credit: false, sentAt: null, object: cdr });
  return cdrs;
}

/**
 * Pushes the partner's sessions named by the events of a round: each once (a PUT of the whole
 * Session when new or ended, else a PATCH of what a running session changes), then the CDRs its
 * bill calls for, POSTed in order. What went through is recorded at once, so a failure later in
 * the round resends nothing already taken, and a CDR is never sent twice.
 */
export async function pushSessions(
  deps: { db: Db; identity: CpoIdentity; now: () => Date; send: Send },
  partnerId: number,
  targets: SessionPushTargets,
  sessionIds: number[],
) {
  const { db, identity, send } = deps;
  const rows = await repo.partnerSessions(db, partnerId, sessionIds, deps.now());
  for (const row of rows) {
    const id = row.facts.sessionId;
    if (targets.sessions) {
      const session = toOcpiSession(identity, row.facts);
      const url = `${targets.sessions}/${encodeURIComponent(session.id)}`;
      if (row.pushedAt && session.status === 'ACTIVE') {
        await send('PATCH', url, {
          kwh: session.kwh,
          charging_periods: session.charging_periods,
          ...(session.total_cost ? { total_cost: session.total_cost } : {}),
          last_updated: session.last_updated,
        });
      } else await send('PUT', url, session);
      await repo.markSessionPushed(db, id, deps.now());
    }
    const cdrs = await cdrsDue(db, identity, row, deps.now());
    if (cdrs.length !== row.cdrs.length) await repo.saveCdrs(db, id, cdrs);
    if (!targets.cdrs) continue;
    for (const [i, cdr] of cdrs.entries()) {
      if (cdr.sentAt || !cdr.object) continue;
      await send('POST', targets.cdrs, cdr.object);
      cdrs[i] = { ...cdr, sentAt: deps.now().toISOString() };
      await repo.saveCdrs(db, id, cdrs);
    }
  }
}
