import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TariffSnapshot } from '@voltline/contract';
import { rowsOf, type Tx } from '../../../db/client.js';
import {
  chargePoints,
  chargingSessions,
  meterValues,
  operators,
  roamingAuthorizations,
  roamingSessions,
  type SentRoamingCdr,
} from '../../../db/schema/index.js';
import { runningCost } from '../../sessions/billing.js';
import { locationsOfChargePoints } from '../ocpi-objects/publication.repository.js';
import type { RoamingSessionFacts, SignedData } from '../ocpi-objects/cdrs.js';

/** A partner's session as the Sessions and CDRs modules read it. */
export interface RoamingSessionRow {
  facts: RoamingSessionFacts;
  session: typeof chargingSessions.$inferSelect;
  pushedAt: Date | null;
  cdrs: SentRoamingCdr[];
}

const AUTH_METHODS: Record<string, RoamingSessionFacts['authMethod']> = {
  realtime: 'AUTH_REQUEST',
  whitelist: 'WHITELIST',
  command: 'COMMAND',
};

function rowsQuery(tx: Tx, where: SQL) {
  return tx
    .select({
      rs: roamingSessions,
      s: chargingSessions,
      identity: chargePoints.chargePointId,
      vatRate: operators.vatRate,
      source: roamingAuthorizations.source,
    })
    .from(roamingSessions)
    .innerJoin(chargingSessions, eq(chargingSessions.id, roamingSessions.sessionId))
    .innerJoin(chargePoints, eq(chargePoints.id, chargingSessions.chargePointId))
    .innerJoin(operators, eq(operators.id, chargingSessions.operatorId))
    .leftJoin(roamingAuthorizations, eq(roamingAuthorizations.id, roamingSessions.authorizationId))
    .where(where);
}

async function toRows(tx: Tx, rows: Awaited<ReturnType<typeof rowsQuery>>, now: Date) {
  const locations = await locationsOfChargePoints(tx, [...new Set(rows.map((r) => r.s.chargePointId))]);
  const out: RoamingSessionRow[] = [];
  for (const { rs, s, identity, vatRate, source } of rows) {
    const location = locations.find((l) => l.chargePoint.id === s.chargePointId);
    const connector = location?.connectors.find((c) => c.connectorId === s.connectorId);
    if (!location || !connector) continue;
    const tariff = s.tariffSnapshot as TariffSnapshot | null;
    const running = s.stoppedAt === null ? (runningCost(s, now)?.amount ?? null) : s.cost;
    out.push({
      session: s,
      pushedAt: rs.sessionPushedAt,
      cdrs: rs.cdrs,
      facts: {
        sessionId: s.id,
        startedAt: s.startedAt,
        stoppedAt: s.stoppedAt,
        chargingEndedAt: s.chargingEndedAt,
        state: s.state,
        energyWh:
          s.energyWh ??
          Math.max(0, (s.lastMeterWh ?? s.meterStart) - (s.correctedMeterStart ?? s.meterStart)),
        updatedAt: s.updatedAt,
        currency: s.currency ?? tariff?.currency ?? 'TRY',
        tariff,
        operatorVatRate: vatRate,
        token: {
          countryCode: rs.tokenCountryCode,
          partyId: rs.tokenPartyId,
          uid: rs.tokenUid,
          type: rs.tokenType,
          contractId: rs.contractId,
        },
        authMethod: AUTH_METHODS[source ?? ''] ?? (rs.authorizationReference ? 'AUTH_REQUEST' : 'WHITELIST'),
        authorizationReference: rs.authorizationReference,
        chargePointIdentity: identity,
        location,
        connectorRowId: connector.id,
        runningCost: running,
      },
    });
  }
  return out;
}

/** The partner's sessions among `sessionIds` (others' are not its business). */
export async function partnerSessions(tx: Tx, partnerId: number, sessionIds: number[], now: Date) {
  if (sessionIds.length === 0) return [];
  const rows = await rowsQuery(
    tx,
    and(eq(roamingSessions.partnerId, partnerId), inArray(roamingSessions.sessionId, sessionIds)) as SQL,
  );
  return toRows(tx, rows, now);
}

/** A page of the partner's sessions by last_updated (the charging session's last change). */
export async function sessionPage(
  tx: Tx,
  partnerId: number,
  q: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
  now: Date,
) {
  const where = and(
    eq(roamingSessions.partnerId, partnerId),
    ...(q.dateFrom ? [gte(chargingSessions.updatedAt, q.dateFrom)] : []),
    ...(q.dateTo ? [lt(chargingSessions.updatedAt, q.dateTo)] : []),
  ) as SQL;
  const [{ total } = { total: 0 }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(roamingSessions)
    .innerJoin(chargingSessions, eq(chargingSessions.id, roamingSessions.sessionId))
    .where(where);
  const rows = await rowsQuery(tx, where)
    .orderBy(asc(chargingSessions.updatedAt), asc(chargingSessions.id))
    .offset(q.offset)
    .limit(q.limit);
  return { rows: await toRows(tx, rows, now), total: Number(total) };
}

/** A page of the CDRs made for the partner, by last_updated (a CDR never changes after). */
export async function cdrPage(
  tx: Tx,
  partnerId: number,
  q: { dateFrom?: Date; dateTo?: Date; offset: number; limit: number },
): Promise<{ items: unknown[]; total: number }> {
  const from = q.dateFrom
    ? sql`AND (e.value->'object'->>'last_updated')::timestamptz >= ${q.dateFrom.toISOString()}::timestamptz`
    : sql``;
  const to = q.dateTo
    ? sql`AND (e.value->'object'->>'last_updated')::timestamptz < ${q.dateTo.toISOString()}::timestamptz`
    : sql``;
  const base = sql`FROM roaming_sessions rs CROSS JOIN LATERAL jsonb_array_elements(rs.cdrs) e
    WHERE rs.partner_id = ${partnerId} AND e.value->'object' IS NOT NULL ${from} ${to}`;
  const count = await tx.execute(sql`SELECT count(*)::int AS total ${base}`);
  const page = await tx.execute(
    sql`SELECT e.value->'object' AS cdr ${base}
      ORDER BY (e.value->'object'->>'last_updated')::timestamptz, e.value->>'id' OFFSET ${q.offset} LIMIT ${q.limit}`,
  );
  return {
    items: rowsOf<{ cdr: unknown }>(page).map((r) => r.cdr),
    total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0),
  };
}

/** The session was pushed (PUT or PATCH) at `at`. */
export async function markSessionPushed(tx: Tx, sessionId: number, at: Date) {
  await tx
    .update(roamingSessions)
    .set({ sessionPushedAt: at })
    .where(eq(roamingSessions.sessionId, sessionId));
}

/** The session's CDRs as they stand now (made, and which were sent). */
export async function saveCdrs(tx: Tx, sessionId: number, cdrs: SentRoamingCdr[]) {
  await tx.update(roamingSessions).set({ cdrs }).where(eq(roamingSessions.sessionId, sessionId));
}

/**
 * The signed meter values the charger sent for the session, the first as Start and the last as End:
 * OCPP 1.6 SignedData samples (the meter's text, e.g. OCMF) or OCPP 2.0.1 signedMeterValues (kept
 * as JSON with their encoding and public key: ocpp/v201/transactions.ts `signedSample`).
 */
export async function signedData(tx: Tx, sessionId: number): Promise<SignedData | null> {
  const rows = await tx
    .select({ value: meterValues.value })
    .from(meterValues)
    .where(and(eq(meterValues.sessionId, sessionId), eq(meterValues.format, 'SignedData')))
    .orderBy(asc(meterValues.at), asc(meterValues.id));
  if (rows.length === 0) return null;
  const read = rows.map((r) => readSigned(r.value));
  const first = read[0]!;
  const last = read.at(-1)!;
  const value = (nature: 'Start' | 'End', v: Signed) => ({
    nature,
    plain_data: v.plain.slice(0, 512),
    signed_data: v.data.slice(0, 5000),
  });
  return {
    encoding_method: first.encoding,
    // OCPI holds a key of 512 characters; a longer one is left out rather than cut unusable.
    ...(first.publicKey && first.publicKey.length <= 512 ? { public_key: first.publicKey } : {}),
    signed_values: read.length === 1 ? [value('End', last)] : [value('Start', first), value('End', last)],
  };
}

type Signed = { encoding: string; publicKey: string | null; data: string; plain: string };

/** A SignedData sample as OCPI states it: 2.0.1's JSON, or 1.6's meter text (OCMF's payload is its plain data). */
function readSigned(value: string): Signed {
  if (value.startsWith('{')) {
    try {
      const v = JSON.parse(value) as Record<string, unknown>;
      if (typeof v.signedMeterData === 'string')
        return {
          encoding: typeof v.encodingMethod === 'string' ? v.encodingMethod.slice(0, 36) : 'UNKNOWN',
          publicKey: typeof v.publicKey === 'string' && v.publicKey ? v.publicKey : null,
          data: v.signedMeterData,
          plain: '',
        };
    } catch {
      // Not 2.0.1's JSON: read as the meter's own text below.
    }
  }
  return {
    encoding: value.startsWith('OCMF|') ? 'OCMF' : 'UNKNOWN',
    publicKey: null,
    data: value,
    plain: value.split('|')[1] ?? '',
  };
}
