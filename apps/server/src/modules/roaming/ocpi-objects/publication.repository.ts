import { and, asc, count, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { chargePoints, connectors, operators, tariffs } from '../../../db/schema/index.js';
import type { PublishedConnector, PublishedLocationRow } from './rows.js';
import type { PublishedTariffRow } from './tariffs.js';

/**
 * What Voltline publishes of an operator network (to a roaming partner, or as open data): the
 * accepted, live charge points of the given operators and of every operator below them, and the
 * tariffs their connectors bill by.
 */

export interface PublicationQuery {
  /** The publishing operators; their sub-operators' charge points are published with theirs. */
  operatorIds: number[];
  /** Only objects whose last_updated is at or after this (OCPI date_from, inclusive). */
  dateFrom?: Date;
  /** Only objects whose last_updated is before this (OCPI date_to, exclusive). */
  dateTo?: Date;
  /**
   * Only locations whose own data changed at or after this (staff's edits, connectors added or
   * archived), not their statuses: what a push sends whole (statuses go by their events).
   */
  dataChangedFrom?: Date;
  offset: number;
  limit: number;
}

export interface TariffPublicationQuery extends PublicationQuery {
  /** A partner's chosen tariff: only it is published (when it is not retired). */
  tariffId?: number | null;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** The operator (of the row being read) is one of `operatorIds` or below one of them. */
function inNetwork(operatorIds: number[]): SQL {
  return sql`EXISTS (SELECT 1 FROM operators pub WHERE pub.id IN (${ids(operatorIds)}) AND pub.archived_at IS NULL AND ${operators.path} LIKE pub.path || '%')`;
}

/** A location's last_updated in SQL: as locationLastUpdated computes it. */
const locationLastUpdated = sql`greatest(${chargePoints.updatedAt}, ${chargePoints.statusAt}, ${chargePoints.lastConnectedAt}, ${chargePoints.lastDisconnectedAt}, (SELECT max(greatest(c.created_at, c.status_at, c.archived_at)) FROM connectors c WHERE c.charge_point_id = ${chargePoints.id} AND c.connector_id > 0))`;

/** When a location's own data last changed (its statuses aside). */
const locationDataUpdated = sql`greatest(${chargePoints.updatedAt}, (SELECT max(greatest(c.created_at, c.archived_at)) FROM connectors c WHERE c.charge_point_id = ${chargePoints.id} AND c.connector_id > 0))`;

function publishedChargePoints(operatorIds: number[]): SQL {
  return and(
    eq(chargePoints.registrationStatus, 'accepted'),
    isNull(chargePoints.archivedAt),
    isNull(operators.archivedAt),
    // OCPI requires coordinates: a charge point without them is not published.
    sql`${chargePoints.latitude} IS NOT NULL AND ${chargePoints.longitude} IS NOT NULL`,
    inNetwork(operatorIds),
  ) as SQL;
}

function lastUpdatedWithin(expr: SQL, from?: Date, to?: Date): SQL[] {
  return [...(from ? [gte(expr, from.toISOString())] : []), ...(to ? [lt(expr, to.toISOString())] : [])];
}

const chargePointColumns = {
  id: chargePoints.id,
  name: chargePoints.name,
  latitude: chargePoints.latitude,
  longitude: chargePoints.longitude,
  addressLine1: chargePoints.addressLine1,
  addressLine2: chargePoints.addressLine2,
  city: chargePoints.city,
  zipCode: chargePoints.zipCode,
  countryCode: chargePoints.countryCode,
  openingTime: chargePoints.openingTime,
  closingTime: chargePoints.closingTime,
  maxPower: chargePoints.maxPower,
  powerUnit: chargePoints.powerUnit,
  status: chargePoints.status,
  connected: chargePoints.connected,
  statusAt: chargePoints.statusAt,
  lastConnectedAt: chargePoints.lastConnectedAt,
  lastDisconnectedAt: chargePoints.lastDisconnectedAt,
  updatedAt: chargePoints.updatedAt,
};

/** The connectors (EVSEs) of some charge points in one query, by charge point. */
async function connectorsOf(db: Tx, chargePointIds: number[]): Promise<Map<number, PublishedConnector[]>> {
  const byChargePoint = new Map<number, PublishedConnector[]>();
  if (chargePointIds.length === 0) return byChargePoint;
  const rows = await db
    .select({
      id: connectors.id,
      chargePointId: connectors.chargePointId,
      connectorId: connectors.connectorId,
      connectorType: connectors.connectorType,
      evseUid: connectors.evseUid,
      maximumPower: connectors.maximumPower,
      // A retired tariff bills nothing: the connector shows none.
      tariffId: tariffs.id,
      status: connectors.status,
      statusAt: connectors.statusAt,
      archivedAt: connectors.archivedAt,
      createdAt: connectors.createdAt,
    })
    .from(connectors)
    .leftJoin(tariffs, and(eq(tariffs.id, connectors.tariffId), isNull(tariffs.retiredAt)))
    .where(and(inArray(connectors.chargePointId, chargePointIds), sql`${connectors.connectorId} > 0`))
    .orderBy(asc(connectors.chargePointId), asc(connectors.connectorId));
  for (const row of rows) {
    const list = byChargePoint.get(row.chargePointId) ?? [];
    list.push(row);
    byChargePoint.set(row.chargePointId, list);
  }
  return byChargePoint;
}

async function locationsWhere(db: Tx, where: SQL, offset: number, limit: number) {
  const cps = await db
    .select({
      chargePoint: chargePointColumns,
      operator: { id: operators.id, name: operators.name, timeZone: operators.timeZone },
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(where)
    .orderBy(asc(locationLastUpdated), asc(chargePoints.id))
    .offset(offset)
    .limit(limit);
  const byChargePoint = await connectorsOf(
    db,
    cps.map((r) => r.chargePoint.id),
  );
  return cps.map((r): PublishedLocationRow => ({
    ...r,
    connectors: byChargePoint.get(r.chargePoint.id) ?? [],
  }));
}

/**
 * A page of published locations, ordered by last_updated then id (stable while nothing changes),
 * with the total of the whole filter.
 */
export async function publishedLocations(db: Tx, q: PublicationQuery): Promise<Page<PublishedLocationRow>> {
  if (q.operatorIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    publishedChargePoints(q.operatorIds),
    ...lastUpdatedWithin(locationLastUpdated, q.dateFrom, q.dateTo),
    ...lastUpdatedWithin(locationDataUpdated, q.dataChangedFrom),
  ) as SQL;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(where);
  return { rows: await locationsWhere(db, where, q.offset, q.limit), total };
}

/** One published location by its OCPI id (the charge point's id as text); undefined when not published. */
export async function publishedLocation(
  db: Tx,
  operatorIds: number[],
  locationId: string,
): Promise<PublishedLocationRow | undefined> {
  if (operatorIds.length === 0 || !/^\d{1,9}$/.test(locationId)) return undefined;
  const where = and(publishedChargePoints(operatorIds), eq(chargePoints.id, Number(locationId))) as SQL;
  const [row] = await locationsWhere(db, where, 0, 1);
  return row;
}

/** The published locations among some charge points (by their ids), for status pushes. */
export async function publishedLocationsOf(
  db: Tx,
  operatorIds: number[],
  chargePointIds: number[],
): Promise<PublishedLocationRow[]> {
  if (operatorIds.length === 0 || chargePointIds.length === 0) return [];
  const where = and(publishedChargePoints(operatorIds), inArray(chargePoints.id, chargePointIds)) as SQL;
  return locationsWhere(db, where, 0, chargePointIds.length);
}

/** Tariffs billed by a connector of a published charge point. */
function billedInNetwork(operatorIds: number[]): SQL {
  return sql`${tariffs.id} IN (SELECT con.tariff_id FROM connectors con JOIN charge_points ON charge_points.id = con.charge_point_id JOIN operators ON operators.id = charge_points.operator_id WHERE con.archived_at IS NULL AND con.tariff_id IS NOT NULL AND ${publishedChargePoints(operatorIds)})`;
}

/**
 * A page of published tariffs (ordered by last_updated then id) with the total: those the
 * connectors of the published charge points bill by, or only the partner's chosen `tariffId`.
 * Retired tariffs are not published.
 */
export async function publishedTariffs(db: Tx, q: TariffPublicationQuery): Promise<Page<PublishedTariffRow>> {
  if (q.operatorIds.length === 0 && !q.tariffId) return { rows: [], total: 0 };
  const where = and(
    isNull(tariffs.retiredAt),
    q.tariffId ? eq(tariffs.id, q.tariffId) : billedInNetwork(q.operatorIds),
    ...lastUpdatedWithin(sql`${tariffs.updatedAt}`, q.dateFrom, q.dateTo),
  ) as SQL;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(tariffs).where(where);
  const rows = await db
    .select({
      id: tariffs.id,
      name: tariffs.name,
      currency: tariffs.currency,
      paymentType: tariffs.paymentType,
      pricePerKwh: tariffs.pricePerKwh,
      limitKwh: tariffs.limitKwh,
      overLimitPricePerKwh: tariffs.overLimitPricePerKwh,
      fixedPrice: tariffs.fixedPrice,
      components: tariffs.components,
      validFrom: tariffs.validFrom,
      validTo: tariffs.validTo,
      updatedAt: tariffs.updatedAt,
      vatRate: operators.vatRate,
      pricesIncludeVat: operators.pricesIncludeVat,
    })
    .from(tariffs)
    .innerJoin(operators, eq(operators.id, tariffs.operatorId))
    .where(where)
    .orderBy(asc(tariffs.updatedAt), asc(tariffs.id))
    .offset(q.offset)
    .limit(q.limit);
  return { rows, total };
}

/**
 * Charge points as locations whether published or not: where a partner's session ran (a CDR
 * states where it was, even if the charge point was hidden from roaming since).
 */
export async function locationsOfChargePoints(
  db: Tx,
  chargePointIds: number[],
): Promise<PublishedLocationRow[]> {
  if (chargePointIds.length === 0) return [];
  return locationsWhere(db, inArray(chargePoints.id, chargePointIds), 0, chargePointIds.length);
}
