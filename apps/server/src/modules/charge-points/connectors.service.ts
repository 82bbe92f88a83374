import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Connector, CreateConnectorBody, EvsePlug, UpdateConnectorBody } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx, Db } from '../../db/client.js';
import { chargePoints, chargingSessions, connectors, operators, tariffs } from '../../db/schema/index.js';
import { inScope, type Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit, diff } from '../audit/audit.service.js';
import type { ChargePointQueries } from './charge-points.ports.js';
import { evseUidTaken, plugKey, plugsOf } from './evse.repository.js';
import { findChargePoint } from './registry.repository.js';
import { faultOf } from './state.js';

type CreateInput = z.output<typeof CreateConnectorBody>;
type UpdateInput = z.output<typeof UpdateConnectorBody>;

const activeSession = sql<number | null>`(SELECT ${chargingSessions.id} FROM ${chargingSessions}
  WHERE ${chargingSessions.chargePointId} = ${connectors.chargePointId}
    AND ${chargingSessions.connectorId} = ${connectors.connectorId}
    AND ${chargingSessions.state} = 'active' ORDER BY ${chargingSessions.id} DESC LIMIT 1)`;

/** Any session at all, as `remove` checks: served by the (charge point, connector, ...) unique index. */
const hasSessions = sql<boolean>`EXISTS (SELECT 1 FROM ${chargingSessions}
  WHERE ${chargingSessions.chargePointId} = ${connectors.chargePointId}
    AND ${chargingSessions.connectorId} = ${connectors.connectorId})`;

const tariffName = sql<string | null>`(SELECT ${tariffs.name} FROM ${tariffs}
  WHERE ${tariffs.id} = ${connectors.tariffId})`;

function select(tx: Tx) {
  return tx
    .select({
      c: connectors,
      chargePointId: chargePoints.chargePointId,
      operatorPath: operators.path,
      activeSessionId: activeSession,
      hasSessions,
      tariffName,
    })
    .from(connectors)
    .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

function toConnector(r: Row, plugs: EvsePlug[]): Connector {
  return {
    id: r.c.id,
    chargePointId: r.chargePointId,
    chargePointDbId: r.c.chargePointId,
    connectorId: r.c.connectorId,
    connectorType: r.c.connectorType,
    evseUid: r.c.evseUid,
    plugs,
    maximumPower: r.c.maximumPower,
    maximumChargeDuration: r.c.maximumChargeDuration,
    minimumChargeDuration: r.c.minimumChargeDuration,
    tariffId: r.c.tariffId,
    status: r.c.status,
    errorCode: r.c.errorCode,
    info: r.c.info,
    vendorId: r.c.vendorId,
    vendorErrorCode: r.c.vendorErrorCode,
    fault: faultOf(r.c),
    statusAt: r.c.statusAt?.toISOString() ?? null,
    archived: r.c.archivedAt !== null,
    activeSessionId: r.activeSessionId === null ? null : Number(r.activeSessionId),
    hasSessions: Boolean(r.hasSessions),
    tariffName: r.tariffName,
  };
}

/** The rows as the API answers them, with each EVSE's plugs (one read for all). */
async function withPlugs(tx: Tx, rows: Row[]): Promise<Connector[]> {
  const plugs = await plugsOf(
    tx,
    rows.map((r) => r.c.chargePointId),
  );
  return rows.map((r) => toConnector(r, plugs.get(plugKey(r.c.chargePointId, r.c.connectorId)) ?? []));
}

/** An EVSE id is what a driver reads on the charger: two EVSEs of one network never share it. */
async function checkEvseUid(
  tx: Tx,
  evseUid: string | null | undefined,
  operatorPath: string,
  exceptConnectorId?: number,
) {
  if (evseUid && (await evseUidTaken(tx, evseUid, operatorPath, exceptConnectorId))) {
    throw new AppError(409, 'connector.evseUidTaken', { evseUid }, [
      { field: 'body.evseUid', key: 'connector.evseUidTaken' },
    ]);
  }
}

async function checkTariff(
  queries: ChargePointQueries,
  tx: Tx,
  tariffId: number | null | undefined,
  chargePointDbId: number,
) {
  if (tariffId && !(await queries.tariffFitsChargePoint(tx, tariffId, chargePointDbId))) {
    throw new AppError(400, 'tariff.notAvailable', {}, [
      { field: 'body.tariffId', key: 'tariff.notAvailable' },
    ]);
  }
}

/** Connectors of the charge points in reach. */
export class ConnectorsService {
  constructor(
    private readonly db: Db,
    private readonly queries: ChargePointQueries,
  ) {}

  private async find(tx: Tx, ctx: Ctx, id: number, forUpdate = false) {
    const q = select(tx).where(and(eq(connectors.id, id), inScope(ctx.actor, operators.path)));
    const [row] = await (forUpdate ? q.for('update', { of: connectors }) : q);
    if (!row) throw notFound('connector');
    return row;
  }

  async byId(ctx: Ctx, id: number): Promise<Connector> {
    const [connector] = await withPlugs(this.db, [await this.find(this.db, ctx, id)]);
    if (!connector) throw notFound('connector');
    return connector;
  }

  /**
   * A charge point's connectors, by its number or by its id. A text of digits that is no charge
   * point's id is taken as its number, so either form the portal shows finds it.
   */
  async ofChargePoint(ctx: Ctx, key: string | number): Promise<Connector[]> {
    let cp = await findChargePoint(this.db, ctx.actor, key);
    if (!cp && typeof key === 'string' && /^\d{1,10}$/.test(key) && Number(key) <= 2_147_483_647) {
      cp = await findChargePoint(this.db, ctx.actor, Number(key));
    }
    if (!cp) throw notFound('chargePoint');
    const rows = await select(this.db)
      .where(eq(connectors.chargePointId, cp.cp.id))
      .orderBy(asc(connectors.connectorId));
    return withPlugs(this.db, rows);
  }

  async create(ctx: Ctx, body: CreateInput): Promise<Connector> {
    const id = await this.db.transaction(async (tx) => {
      const cp = await findChargePoint(tx, ctx.actor, body.chargePointId, true);
      if (!cp) throw notFound('chargePoint');
      const [taken] = await tx
        .select({ id: connectors.id })
        .from(connectors)
        .where(and(eq(connectors.chargePointId, cp.cp.id), eq(connectors.connectorId, body.connectorId)));
      if (taken) {
        throw new AppError(409, 'connector.taken', { connectorId: body.connectorId }, [
          { field: 'body.connectorId', key: 'connector.taken' },
        ]);
      }
      await checkTariff(this.queries, tx, body.tariffId, cp.cp.id);
      await checkEvseUid(tx, body.evseUid, cp.operatorPath);
      const { chargePointId: _cp, ...fields } = body;
      const [row] = await tx
        .insert(connectors)
        .values({ ...fields, chargePointId: cp.cp.id })
        .returning({ id: connectors.id });
      if (!row) throw new Error('connector insert returned nothing');
      await audit(tx, ctx, { action: 'create', entity: 'connector', entityId: row.id, summary: body });
      return row.id;
    });
    return this.byId(ctx, id);
  }

  async update(ctx: Ctx, body: UpdateInput): Promise<Connector> {
    await this.db.transaction(async (tx) => {
      const before = await this.find(tx, ctx, body.id, true);
      await checkTariff(this.queries, tx, body.tariffId, before.c.chargePointId);
      await checkEvseUid(tx, body.evseUid, before.operatorPath, before.c.id);
      const { id, ...changes } = body;
      // An UPDATE with nothing to set is refused by drizzle (it answered 500): such a call changes nothing.
      if (Object.values(changes).some((v) => v !== undefined)) {
        await tx.update(connectors).set(changes).where(eq(connectors.id, id));
      }
      await audit(tx, ctx, {
        action: 'update',
        entity: 'connector',
        entityId: id,
        summary: diff(before.c as unknown as Record<string, unknown>, changes),
      });
    });
    return this.byId(ctx, body.id);
  }

  /** Deleting is for connectors added by mistake; one with history is archived instead. */
  async remove(ctx: Ctx, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.find(tx, ctx, id, true);
      const [used] = await tx
        .select({ n: count() })
        .from(chargingSessions)
        .where(
          and(
            eq(chargingSessions.chargePointId, row.c.chargePointId),
            eq(chargingSessions.connectorId, row.c.connectorId),
          ),
        );
      if ((used?.n ?? 0) > 0) throw new AppError(409, 'connector.hasSessions');
      await tx.delete(connectors).where(eq(connectors.id, id));
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'connector',
        entityId: id,
        summary: { chargePointId: row.chargePointId, connectorId: row.c.connectorId },
      });
    });
  }

  async setArchived(ctx: Ctx, id: number, archived: boolean): Promise<Connector> {
    await this.db.transaction(async (tx) => {
      const row = await this.find(tx, ctx, id, true);
      if (archived && (await this.queries.hasActiveSession(tx, row.c.chargePointId, row.c.connectorId))) {
        throw new AppError(409, 'connector.charging');
      }
      await tx
        .update(connectors)
        .set({ archivedAt: archived ? new Date() : null })
        .where(eq(connectors.id, id));
      await audit(tx, ctx, { action: archived ? 'archive' : 'unarchive', entity: 'connector', entityId: id });
    });
    return this.byId(ctx, id);
  }

  /** Live connectors in reach by status (spec §4 statuses), optionally for one operator. */
  async countByStatus(ctx: Ctx, operatorId?: number) {
    return this.db
      .select({ status: connectors.status, count: sql<number>`count(*)::int` })
      .from(connectors)
      .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
      .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
      .where(
        and(
          inScope(ctx.actor, operators.path),
          isNull(connectors.archivedAt),
          isNull(chargePoints.archivedAt),
          operatorId ? eq(chargePoints.operatorId, operatorId) : undefined,
        ),
      )
      .groupBy(connectors.status)
      .orderBy(connectors.status);
  }
}
