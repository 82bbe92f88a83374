import type {
  MaintenanceLog,
  MaintenanceLogFilter,
  MaintenanceLogUpdate,
  NewMaintenanceLog,
  Page,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { audit, diff } from '../audit/audit.service.js';
import { findInScope } from '../charge-points/charge-points.repository.js';
import { connectorsOf } from '../charge-points/registry.repository.js';
import * as repo from './maintenance.repository.js';

type Filter = z.output<typeof MaintenanceLogFilter>;
type NewEntry = z.output<typeof NewMaintenanceLog>;
type Change = z.output<typeof MaintenanceLogUpdate>;

function toLog(r: repo.MaintenanceRow): MaintenanceLog {
  const { operatorPath: _path, ...row } = r;
  return {
    ...row,
    source: row.source as MaintenanceLog['source'],
    type: row.type as MaintenanceLog['type'],
    details: row.details,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an audit line keeps of an entry. */
const fieldsOf = (e: {
  connectorId: number | null;
  type: string;
  description: string | null;
  technician: string | null;
  startedAt: Date | string;
  endedAt: Date | string | null;
}) => ({
  connectorId: e.connectorId,
  type: e.type,
  description: e.description,
  technician: e.technician,
  startedAt: new Date(e.startedAt).toISOString(),
  endedAt: e.endedAt ? new Date(e.endedAt).toISOString() : null,
});

/**
 * Reading the maintenance log of the chargers in reach, and technicians' entries. Automatic
 * entries are what chargers reported: they can be read but not changed.
 */
export class MaintenanceService {
  constructor(private readonly db: Db) {}

  private async page(ctx: Ctx, f: Filter, index: number, size: number, cpDbId?: number) {
    const [rows, total] = await Promise.all([
      repo.listMaintenance(this.db, ctx.actor, f, index * size, size, cpDbId),
      repo.countMaintenance(this.db, ctx.actor, f, cpDbId),
    ]);
    return { items: rows.map(toLog), total, index, size } satisfies Page<MaintenanceLog>;
  }

  /** One charger's history; 404 when the charger is not in reach. */
  async forCharger(ctx: Ctx, chargePointId: string, index: number, size: number) {
    const cp = await findInScope(this.db, ctx.actor, chargePointId);
    if (!cp) throw notFound('chargePoint');
    return this.page(ctx, {}, index, size, cp.id);
  }

  list(ctx: Ctx, f: Filter, index: number, size: number) {
    return this.page(ctx, f, index, size);
  }

  all(ctx: Ctx, f: Filter): AsyncIterable<MaintenanceLog> {
    return inBatches(async (offset, limit) =>
      (await repo.listMaintenance(this.db, ctx.actor, f, offset, limit)).map(toLog),
    );
  }

  async add(ctx: Ctx, body: NewEntry): Promise<MaintenanceLog> {
    const cp = await findInScope(this.db, ctx.actor, body.chargePointId);
    if (!cp) throw notFound('chargePoint');
    await this.checkConnector(cp.id, body.connectorId);
    const id = await this.db.transaction(async (tx) => {
      const entry = {
        connectorId: body.connectorId ?? null,
        type: body.type,
        description: body.description,
        technician: body.technician,
        startedAt: new Date(body.startedAt),
        endedAt: body.endedAt ? new Date(body.endedAt) : null,
      };
      const newId = await repo.insertMaintenance(tx, {
        ...entry,
        chargePointId: cp.id,
        operatorId: cp.operatorId,
        source: 'manual',
        createdBy: ctx.actor.userId,
      });
      await audit(tx, ctx, {
        action: 'create',
        entity: 'maintenanceLog',
        entityId: newId,
        summary: { chargePointId: cp.chargePointId, ...fieldsOf(entry) },
      });
      return newId;
    });
    return this.get(ctx, id);
  }

  /** A connector number the charge point has (0 is the charge point itself). */
  private async checkConnector(chargePointDbId: number, connectorId: number | null | undefined) {
    if (!connectorId) return;
    const known = await connectorsOf(this.db, [chargePointDbId]);
    if (known.some((c) => c.connectorId === connectorId)) return;
    throw new AppError(400, 'maintenance.noSuchConnector', {}, [
      { field: 'body.connectorId', key: 'maintenance.noSuchConnector' },
    ]);
  }

  private async get(ctx: Ctx, id: number): Promise<MaintenanceLog> {
    const row = await repo.findMaintenance(this.db, ctx.actor, id);
    if (!row) throw notFound('maintenanceLog');
    return toLog(row);
  }

  /** A manual entry in reach; an automatic one is refused (409), it is what the charger said. */
  private async manual(ctx: Ctx, id: number) {
    const row = await repo.findMaintenance(this.db, ctx.actor, id);
    if (!row) throw notFound('maintenanceLog');
    if (row.source !== 'manual') throw conflict('maintenance.autoReadOnly');
    return row;
  }

  async update(ctx: Ctx, id: number, body: Change): Promise<MaintenanceLog> {
    const row = await this.manual(ctx, id);
    await this.checkConnector(row.chargePointDbId, body.connectorId);
    const next = {
      connectorId: body.connectorId ?? null,
      type: body.type,
      description: body.description,
      technician: body.technician,
      startedAt: new Date(body.startedAt),
      endedAt: body.endedAt ? new Date(body.endedAt) : null,
    };
    await this.db.transaction(async (tx) => {
      await repo.updateMaintenance(tx, id, next);
      await audit(tx, ctx, {
        action: 'update',
        entity: 'maintenanceLog',
        entityId: id,
        summary: diff(fieldsOf(row), fieldsOf(next)),
      });
    });
    return this.get(ctx, id);
  }

  async remove(ctx: Ctx, id: number): Promise<void> {
    const row = await this.manual(ctx, id);
    await this.db.transaction(async (tx) => {
      await repo.deleteMaintenance(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'maintenanceLog',
        entityId: id,
        summary: { chargePointId: row.chargePointId, ...fieldsOf(row) },
      });
    });
  }
}
