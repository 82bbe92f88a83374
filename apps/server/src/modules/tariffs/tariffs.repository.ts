import { and, asc, eq, isNull, or, gt, lte, sql, type SQL } from 'drizzle-orm';
import {
  componentsFromLegacy,
  type Tariff,
  type TariffComponents,
  type TariffSnapshot,
} from '@voltline/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { reusable } from '../../db/prepared.js';
import { chargePoints, chargingSessions, connectors, operators, tariffs } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type TariffRow = typeof tariffs.$inferSelect;

const inUse = sql<boolean>`(EXISTS (SELECT 1 FROM ${connectors} WHERE ${connectors.tariffId} = ${tariffs.id})
  OR EXISTS (SELECT 1 FROM ${chargingSessions} WHERE ${chargingSessions.tariffId} = ${tariffs.id}))`;

function base(tx: Tx) {
  return tx
    .select({
      t: tariffs,
      operatorName: operators.name,
      vatRate: operators.vatRate,
      pricesIncludeVat: operators.pricesIncludeVat,
      inUse,
    })
    .from(tariffs)
    .innerJoin(operators, eq(operators.id, tariffs.operatorId));
}
type Row = Awaited<ReturnType<ReturnType<typeof base>['where']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The components a tariff bills by: its own, or those derived from its fields (a row without). */
export function componentsOf(t: TariffRow): TariffComponents {
  return (
    t.components ??
    componentsFromLegacy({ ...t, paymentType: t.paymentType as TariffSnapshot['paymentType'] })
  );
}

/** What the operator says of its prices: VAT, whether prices include it, the local time zone. */
export interface PriceTerms {
  vatRate: number;
  pricesIncludeVat: boolean;
  timeZone: string;
}

export function toTariff(r: Row): Tariff {
  const t = r.t;
  return {
    id: t.id,
    operatorId: t.operatorId,
    operatorName: r.operatorName,
    name: t.name,
    type: t.type as Tariff['type'],
    paymentType: t.paymentType as Tariff['paymentType'],
    currency: t.currency as Tariff['currency'],
    pricePerKwh: t.pricePerKwh,
    limitKwh: t.limitKwh,
    overLimitPricePerKwh: t.overLimitPricePerKwh,
    fixedPrice: t.fixedPrice,
    validFrom: iso(t.validFrom),
    validTo: iso(t.validTo),
    components: componentsOf(t),
    vatRate: r.vatRate,
    pricesIncludeVat: r.pricesIncludeVat,
    retired: t.retiredAt !== null,
    inUse: Boolean(r.inUse),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** A session's copy of its tariff at the start, with the operator's price terms when known. */
export function snapshotOf(t: TariffRow & Partial<PriceTerms>): TariffSnapshot {
  return {
    id: t.id,
    name: t.name,
    paymentType: t.paymentType as TariffSnapshot['paymentType'],
    currency: t.currency as TariffSnapshot['currency'],
    pricePerKwh: t.pricePerKwh,
    limitKwh: t.limitKwh,
    overLimitPricePerKwh: t.overLimitPricePerKwh,
    fixedPrice: t.fixedPrice,
    components: componentsOf(t),
    ...(t.vatRate === undefined ? {} : { vatRate: t.vatRate }),
    ...(t.pricesIncludeVat === undefined ? {} : { pricesIncludeVat: t.pricesIncludeVat }),
    ...(t.timeZone === undefined ? {} : { timeZone: t.timeZone }),
  };
}

export function listTariffs(tx: Tx, actor: Actor, includeRetired: boolean) {
  return base(tx)
    .where(and(inScope(actor, operators.path), includeRetired ? undefined : isNull(tariffs.retiredAt)))
    .orderBy(asc(operators.path), asc(tariffs.name));
}

export async function findTariff(tx: Tx, actor: Actor, id: number, forUpdate = false) {
  const q = base(tx).where(and(eq(tariffs.id, id), inScope(actor, operators.path)));
  const [row] = await (forUpdate ? q.for('update', { of: tariffs }) : q);
  return row;
}

/** Tariffs in force now for an operator: its own and its ancestors', not retired, within their period. */
export function availableFor(tx: Tx, operatorPath: string, at = new Date()) {
  const ancestorOrSelf: SQL = sql`${operatorPath} LIKE ${operators.path} || '%'`;
  return base(tx)
    .where(
      and(
        ancestorOrSelf,
        isNull(tariffs.retiredAt),
        or(isNull(tariffs.validFrom), lte(tariffs.validFrom, at)),
        or(isNull(tariffs.validTo), gt(tariffs.validTo, at)),
      ),
    )
    .orderBy(asc(tariffs.name));
}

const siteOperator = alias(operators, 'site_operator');
const tariffOfConnectorQuery = reusable('tariff_of_connector', (tx) =>
  tx
    .select({
      t: tariffs,
      vatRate: operators.vatRate,
      pricesIncludeVat: operators.pricesIncludeVat,
      timeZone: siteOperator.timeZone,
    })
    .from(connectors)
    .innerJoin(tariffs, eq(tariffs.id, connectors.tariffId))
    .innerJoin(operators, eq(operators.id, tariffs.operatorId))
    .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
    .innerJoin(siteOperator, eq(siteOperator.id, chargePoints.operatorId))
    .where(
      and(
        eq(connectors.chargePointId, sql.placeholder('chargePointId')),
        eq(connectors.connectorId, sql.placeholder('connectorId')),
        isNull(tariffs.retiredAt),
        or(isNull(tariffs.validFrom), lte(tariffs.validFrom, sql.placeholder('at'))),
        or(isNull(tariffs.validTo), gt(tariffs.validTo, sql.placeholder('at'))),
      ),
    )
    .limit(1),
);

/**
 * The tariff a connector bills by at `at`, if it has one in force then, with the price terms of
 * the tariff's operator (VAT) and the charge point's (time zone).
 */
export async function tariffOfConnector(
  tx: Tx,
  chargePointId: number,
  connectorId: number,
  at: Date,
): Promise<(TariffRow & PriceTerms) | undefined> {
  const [row] = await tariffOfConnectorQuery(tx).execute({
    chargePointId,
    connectorId,
    at: at.toISOString(),
  });
  return (
    row && { ...row.t, vatRate: row.vatRate, pricesIncludeVat: row.pricesIncludeVat, timeZone: row.timeZone }
  );
}

/** Whether a tariff belongs to the charge point's operator or one above it, and is not retired. */
export async function tariffFitsChargePoint(
  tx: Tx,
  tariffId: number,
  chargePointDbId: number,
): Promise<boolean> {
  const rows = await tx.execute(sql`
    SELECT 1 FROM ${tariffs} t
    JOIN ${operators} o ON o.id = t.operator_id
    JOIN charge_points cp ON cp.id = ${chargePointDbId}
    JOIN ${operators} co ON co.id = cp.operator_id
    WHERE t.id = ${tariffId} AND t.retired_at IS NULL AND co.path LIKE o.path || '%'`);
  return (rows as { rows: unknown[] }).rows.length > 0;
}

/**
 * The tariff a charger bills by at `at` when every connector with a tariff bills by the same one
 * (what a driver can be told before choosing a connector), with its operator's VAT terms; none
 * when they differ or none has one.
 */
export async function tariffOfCharger(tx: Tx, chargePointId: number, at: Date) {
  const rows = await tx
    .selectDistinct({
      t: tariffs,
      vatRate: operators.vatRate,
      pricesIncludeVat: operators.pricesIncludeVat,
    })
    .from(connectors)
    .innerJoin(tariffs, eq(tariffs.id, connectors.tariffId))
    .innerJoin(operators, eq(operators.id, tariffs.operatorId))
    .where(
      and(
        eq(connectors.chargePointId, chargePointId),
        isNull(tariffs.retiredAt),
        or(isNull(tariffs.validFrom), lte(tariffs.validFrom, at)),
        or(isNull(tariffs.validTo), gt(tariffs.validTo, at)),
      ),
    )
    .limit(2);
  const r = rows.length === 1 ? rows[0] : undefined;
  return r && { ...r.t, vatRate: r.vatRate, pricesIncludeVat: r.pricesIncludeVat };
}
