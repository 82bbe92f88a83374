import { and, asc, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { SEARCH_LIMIT_PER_KIND, type SearchHit } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  chargingSessions,
  drivers,
  operators,
  rfidCards,
  users,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern, equalsPattern } from '../../lib/like.js';

/*
 * One query per kind of record, each in the actor's operator subtree and at most
 * SEARCH_LIMIT_PER_KIND rows. Text is matched as typed (LIKE's wildcards escaped); numbers
 * (a session's transaction id) exactly.
 */

const limit = SEARCH_LIMIT_PER_KIND;
const fullName = (name: string, surname: string | null) => `${name} ${surname ?? ''}`.trim();

export async function chargePointHits(tx: Tx, actor: Actor, q: string): Promise<SearchHit[]> {
  const p = containsPattern(q);
  const rows = await tx
    .select({
      id: chargePoints.id,
      cpId: chargePoints.chargePointId,
      name: chargePoints.name,
      op: operators.name,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(
        inScope(actor, operators.path),
        or(
          ilike(chargePoints.chargePointId, p),
          ilike(chargePoints.name, p),
          ilike(chargePoints.serialNumber, p),
        ),
      ),
    )
    .orderBy(asc(chargePoints.chargePointId))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'chargePoint',
    id: r.id,
    targetId: r.id,
    title: r.cpId,
    detail: `${r.name} · ${r.op}`,
  }));
}

export async function driverHits(tx: Tx, actor: Actor, q: string): Promise<SearchHit[]> {
  const p = containsPattern(q);
  const rows = await tx
    .select({ id: drivers.id, name: drivers.name, surname: drivers.surname, email: drivers.email })
    .from(drivers)
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(
      and(
        inScope(actor, operators.path),
        isNull(drivers.deletedAt),
        or(
          ilike(drivers.email, p),
          ilike(drivers.phone, p),
          ilike(sql`concat_ws(' ', ${drivers.name}, ${drivers.surname})`, p),
        ),
      ),
    )
    .orderBy(asc(drivers.name), asc(drivers.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'driver',
    id: r.id,
    targetId: r.id,
    title: fullName(r.name, r.surname),
    detail: r.email,
  }));
}

export async function cardHits(tx: Tx, actor: Actor, q: string): Promise<SearchHit[]> {
  const rows = await tx
    .select({
      id: rfidCards.id,
      number: rfidCards.number,
      driverId: drivers.id,
      name: drivers.name,
      surname: drivers.surname,
    })
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(
      and(
        inScope(actor, operators.path),
        isNull(drivers.deletedAt),
        or(ilike(rfidCards.number, containsPattern(q)), ilike(rfidCards.name, containsPattern(q))),
      ),
    )
    .orderBy(asc(rfidCards.number))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'card',
    id: r.id,
    targetId: r.driverId,
    title: r.number,
    detail: fullName(r.name, r.surname),
  }));
}

export async function userHits(tx: Tx, actor: Actor, q: string): Promise<SearchHit[]> {
  const p = containsPattern(q);
  const rows = await tx
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(
      and(
        inScope(actor, operators.path),
        isNull(users.deletedAt),
        or(ilike(users.email, p), ilike(sql`concat_ws(' ', ${users.name}, ${users.surname})`, p)),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'user',
    id: r.id,
    targetId: r.id,
    title: fullName(r.name, r.surname),
    detail: r.email,
  }));
}

/** A session by Voltline's transaction id, or the charger's own (OCPP 2.0.1), or its card. */
export async function sessionHits(tx: Tx, actor: Actor, q: string): Promise<SearchHit[]> {
  const n = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const rows = await tx
    .select({
      id: chargingSessions.id,
      cpId: chargePoints.chargePointId,
      idTag: chargingSessions.idTag,
      startedAt: chargingSessions.startedAt,
    })
    .from(chargingSessions)
    .innerJoin(chargePoints, eq(chargePoints.id, chargingSessions.chargePointId))
    .innerJoin(operators, eq(operators.id, chargingSessions.operatorId))
    .where(
      and(
        inScope(actor, operators.path),
        or(
          n === null ? undefined : eq(chargingSessions.id, n),
          ilike(chargingSessions.chargerTransactionId, equalsPattern(q)),
        ),
      ),
    )
    .orderBy(desc(chargingSessions.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'session',
    id: r.id,
    targetId: r.id,
    title: `#${r.id}`,
    detail: `${r.cpId} · ${r.idTag} · ${r.startedAt.toISOString().slice(0, 16).replace('T', ' ')}`,
  }));
}

export async function operatorHits(tx: Tx, actor: Actor, q: string): Promise<SearchHit[]> {
  const p = containsPattern(q);
  const rows = await tx
    .select({ id: operators.id, name: operators.name, email: operators.email })
    .from(operators)
    .where(and(inScope(actor, operators.path), or(ilike(operators.name, p), ilike(operators.email, p))))
    .orderBy(asc(operators.name))
    .limit(limit);
  return rows.map((r) => ({ kind: 'operator', id: r.id, targetId: r.id, title: r.name, detail: r.email }));
}
