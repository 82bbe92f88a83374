import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ChargePointFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargePoints, connectors, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';
import { containsPattern, equalsPattern } from '../../lib/like.js';
import { stateWhere } from './state.js';

type Filter = z.output<typeof ChargePointFilter>;
export type ListKind = 'all' | 'active' | 'inactive' | 'archived';

/** The WHERE of every charge point list: reach, list kind and filters. */
export function chargePointWhere(actor: Actor, kind: ListKind, f?: Partial<Filter>): SQL | undefined {
  return and(
    inScope(actor, operators.path),
    kind === 'archived' ? isNotNull(chargePoints.archivedAt) : undefined,
    kind === 'inactive'
      ? and(isNull(chargePoints.archivedAt), ne(chargePoints.registrationStatus, 'accepted'))
      : undefined,
    kind === 'active'
      ? and(isNull(chargePoints.archivedAt), eq(chargePoints.registrationStatus, 'accepted'))
      : undefined,
    f?.search
      ? or(
          ilike(chargePoints.chargePointId, containsPattern(f.search)),
          ilike(chargePoints.name, containsPattern(f.search)),
          ilike(chargePoints.city, containsPattern(f.search)),
          ilike(chargePoints.serialNumber, containsPattern(f.search)),
        )
      : undefined,
    f?.operatorId ? eq(chargePoints.operatorId, f.operatorId) : undefined,
    f?.connection ? eq(chargePoints.connected, f.connection === 'Connected') : undefined,
    f?.registrationStatus ? eq(chargePoints.registrationStatus, f.registrationStatus) : undefined,
    f?.brand ? eq(chargePoints.brand, f.brand) : undefined,
    f?.model ? eq(chargePoints.model, f.model) : undefined,
    f?.city ? ilike(chargePoints.city, equalsPattern(f.city)) : undefined,
    f?.ocppProtocol ? eq(chargePoints.ocppProtocol, f.ocppProtocol) : undefined,
    f?.status
      ? sql`EXISTS (SELECT 1 FROM ${connectors} WHERE ${connectors.chargePointId} = ${chargePoints.id} AND ${connectors.status} = ${f.status} AND ${connectors.archivedAt} IS NULL)`
      : undefined,
    f?.state ? stateWhere(f.state) : undefined,
    f?.archived === false ? isNull(chargePoints.archivedAt) : undefined,
    f?.archived === true ? isNotNull(chargePoints.archivedAt) : undefined,
    f?.ids ? inArray(chargePoints.id, f.ids) : undefined,
  );
}

const sortColumns = {
  chargePointId: chargePoints.chargePointId,
  name: chargePoints.name,
  city: chargePoints.city,
  createdAt: chargePoints.createdAt,
  lastHeartbeatAt: chargePoints.lastHeartbeatAt,
};

function base(tx: Tx) {
  return tx
    .select({ cp: chargePoints, operatorName: operators.name, operatorPath: operators.path })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId));
}

export function listChargePoints(
  tx: Tx,
  actor: Actor,
  kind: ListKind,
  f: Filter,
  offset: number,
  limit: number,
) {
  const order = f.sortOrder === 'desc' ? desc : asc;
  return base(tx)
    .where(chargePointWhere(actor, kind, f))
    .orderBy(order(sortColumns[f.sortBy]), asc(chargePoints.id))
    .limit(limit)
    .offset(offset);
}

export type ChargePointJoined = Awaited<ReturnType<typeof listChargePoints>>[number];

export async function countChargePoints(tx: Tx, actor: Actor, kind: ListKind, f: Filter) {
  const [row] = await tx
    .select({ n: count() })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(chargePointWhere(actor, kind, f));
  return row?.n ?? 0;
}

export function lightweight(tx: Tx, actor: Actor) {
  return tx
    .select({
      id: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
      name: chargePoints.name,
      operatorId: chargePoints.operatorId,
      connected: chargePoints.connected,
      archivedAt: chargePoints.archivedAt,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(inScope(actor, operators.path))
    .orderBy(asc(chargePoints.chargePointId));
}

/** A charge point in reach, by database id or OCPP identity; `forUpdate` locks it. */
export async function findChargePoint(tx: Tx, actor: Actor, key: number | string, forUpdate = false) {
  const match =
    typeof key === 'number'
      ? eq(chargePoints.id, key)
      : sql`lower(${chargePoints.chargePointId}) = lower(${key})`;
  const q = base(tx).where(and(match, inScope(actor, operators.path)));
  const [row] = await (forUpdate ? q.for('update', { of: chargePoints }) : q);
  return row;
}

export function connectorsOf(tx: Tx, chargePointIds: number[]) {
  if (chargePointIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(connectors)
    .where(inArray(connectors.chargePointId, chargePointIds))
    .orderBy(asc(connectors.chargePointId), asc(connectors.connectorId));
}

export async function idTaken(tx: Tx, chargePointId: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: chargePoints.id })
    .from(chargePoints)
    .where(
      and(
        sql`lower(${chargePoints.chargePointId}) = lower(${chargePointId})`,
        exceptId ? ne(chargePoints.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertChargePoint(tx: Tx, values: typeof chargePoints.$inferInsert) {
  const [row] = await tx.insert(chargePoints).values(values).returning({ id: chargePoints.id });
  if (!row) throw new Error('charge point insert returned nothing');
  return row;
}

export async function updateChargePoint(
  tx: Tx,
  id: number,
  values: Partial<typeof chargePoints.$inferInsert>,
) {
  await tx
    .update(chargePoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(chargePoints.id, id));
}

export async function distinctBrandsAndModels(tx: Tx) {
  return tx
    .selectDistinct({ brand: chargePoints.brand, model: chargePoints.model })
    .from(chargePoints)
    .where(isNotNull(chargePoints.brand));
}
