import {
  BULK_COMMAND_CONCURRENCY,
  BULK_MAX,
  ChargePointFilter,
  CommandBodies,
  DriverFilter,
  answerOutcome,
  type BulkResult,
  type CardBulkBody,
  type ConnectorBulkBody,
  type SessionBulkBody,
  type SmartChargingGroup,
  type ChargePointBulkBody,
  type ChargePointBulkCommandBody,
  type DriverBulkBody,
  permissionsForCommand,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { isMessageKey } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import type { ChargePointsService } from '../charge-points/charge-points.service.js';
import type { ConnectorsService } from '../charge-points/connectors.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import type { DriverDetailsService } from '../drivers/driver-details.service.js';
import type { DriversService } from '../drivers/drivers.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SmartChargingService } from '../smart-charging/smart-charging.service.js';
import { bulkCards } from './bulk.cards.js';
import { bulkConnectors } from './bulk.connectors.js';
import {
  runRows,
  summed,
  tooMany,
  unreached,
  type BulkRow,
  type RefusedEntity,
  type RowAnswer,
} from './bulk.run.js';
import { closeSessions } from './bulk.sessions.js';

type CommandBody = z.output<typeof ChargePointBulkCommandBody>;
type CpBody = z.output<typeof ChargePointBulkBody>;
type DriverBody = z.output<typeof DriverBulkBody>;
type CardBody = z.output<typeof CardBulkBody>;
type ConnectorBody = z.output<typeof ConnectorBulkBody>;
type SessionBody = z.output<typeof SessionBulkBody>;
type CpRow = BulkRow & { chargePointId: string; archived: boolean; connectorIds: number[] };

/**
 * Bulk actions on the portal's lists. The rows are resolved in the caller's reach (the ids ticked,
 * or every row the list's filter matches, at most BULK_MAX), then each row goes through the same
 * service call as the single-row action: same checks, same audit line, same words.
 */
export class BulkService {
  constructor(
    private readonly deps: {
      db: Db;
      chargePoints: ChargePointsService;
      connectors: ConnectorsService;
      commands: CommandsService;
      drivers: DriversService;
      driverDetails: DriverDetailsService;
      sessions: SessionsService;
      smartCharging: SmartChargingService;
    },
  ) {}

  async chargePointCommand(ctx: Ctx, body: CommandBody): Promise<BulkResult> {
    const { command, params } = body;
    if (command === 'changeConfiguration' && String(params.key).trim().toLowerCase() === 'authorizationkey') {
      throw new AppError(400, 'error.validation', {}, [
        { field: 'body.params.key', key: 'bulk.oneChargerOnly' },
      ]);
    }
    const checked = CommandBodies[command].safeParse({ ...params, chargePointId: 'bulk' });
    if (!checked.success) {
      throw new AppError(
        400,
        'error.validation',
        {},
        checked.error.issues.map((i) => ({
          field: ['body', 'params', ...i.path.map(String)].join('.'),
          key: isMessageKey(i.message) ? i.message : 'error.validation',
        })),
      );
    }
    // What is sent is what was checked (trimmed, defaulted), and its permissions are those of the
    // checked body: a key with spaces around it must not pass as another key.
    const sent: Record<string, unknown> = { ...(checked.data as Record<string, unknown>) };
    delete sent.chargePointId;
    if (!permissionsForCommand(command, sent).every((p) => ctx.actor.permissions.has(p))) {
      throw new AppError(403, 'error.forbidden');
    }
    const { rows, missing } = await this.chargePointRows(ctx, body.selection);
    const done = await runRows(ctx, rows, BULK_COMMAND_CONCURRENCY, async (row): Promise<RowAnswer> => {
      // The command service checks reach again, audits the row and speaks the charger's protocol.
      const answer = await this.deps.commands.send(ctx, command, {
        ...sent,
        chargePointId: row.chargePointId,
      } as never);
      const status = typeof answer.status === 'string' ? answer.status : undefined;
      if (!status) return { outcome: 'done', key: 'command.answered', params: { status: '—' } };
      return answerOutcome(status) === 'success'
        ? { outcome: 'done', key: 'bulk.commandAccepted', params: { status } }
        : { outcome: 'refused', key: 'command.refused', params: { status } };
    });
    return summed([...done, ...missing]);
  }

  async chargePoints(ctx: Ctx, body: CpBody): Promise<BulkResult> {
    const { rows, missing } = await this.chargePointRows(ctx, body.selection);
    const { action } = body;
    // Group membership is the smart-charging group's to change, as its own dialog requires.
    if (action.endsWith('Group') && !ctx.actor.permissions.has('smartCharging:write')) {
      throw new AppError(403, 'error.forbidden');
    }
    // The group is looked up in the caller's reach once: one out of reach refuses the whole request.
    const group =
      action === 'addToGroup' || action === 'removeFromGroup'
        ? await this.deps.smartCharging.get(ctx, body.groupId ?? 0)
        : undefined;
    const done = await runRows(
      ctx,
      rows,
      1,
      (row) =>
        group
          ? this.membership(ctx, row, group, action === 'addToGroup')
          : action === 'assignTariff'
            ? this.assignTariff(ctx, row, body.tariffId ?? null)
            : this.archive(ctx, row, action === 'archive'),
      (row, outcome, reason) =>
        this.refusal(ctx, body.action, 'chargePoint', row.chargePointId, outcome, reason),
    );
    return summed([...done, ...missing]);
  }

  private async archive(ctx: Ctx, row: CpRow, archive: boolean): Promise<RowAnswer> {
    if (row.archived === archive) {
      return { outcome: 'refused', key: archive ? 'bulk.alreadyArchived' : 'bulk.notArchived' };
    }
    if (archive) await this.deps.chargePoints.archive(ctx, row.id);
    else await this.deps.chargePoints.unarchive(ctx, row.chargePointId);
    return { outcome: 'done', key: archive ? 'chargePoint.archived' : 'chargePoint.unarchived' };
  }

  /** The tariff on every connector of the charge point, each as the connector form sets it (and audits it). */
  private async assignTariff(ctx: Ctx, row: CpRow, tariffId: number | null): Promise<RowAnswer> {
    if (row.connectorIds.length === 0) return { outcome: 'refused', key: 'bulk.noConnectors' };
    for (const id of row.connectorIds) await this.deps.connectors.update(ctx, { id, tariffId });
    const count = row.connectorIds.length;
    return {
      outcome: 'done',
      key: tariffId ? 'bulk.tariffAssigned' : 'bulk.tariffRemoved',
      params: { count },
    };
  }

  /** One charge point into or out of a smart-charging group, as the group's own dialog does (and audits). */
  private async membership(
    ctx: Ctx,
    row: CpRow,
    group: SmartChargingGroup,
    add: boolean,
  ): Promise<RowAnswer> {
    const member = group.chargePointIds.some((id) => id.toLowerCase() === row.chargePointId.toLowerCase());
    const params = { name: group.name };
    if (add && member) return { outcome: 'refused', key: 'bulk.alreadyInGroup', params };
    if (!add && !member) return { outcome: 'refused', key: 'bulk.notInGroup', params };
    if (add) await this.deps.smartCharging.addChargePoints(ctx, group.id, [row.chargePointId]);
    else await this.deps.smartCharging.removeChargePoints(ctx, group.id, [row.chargePointId]);
    return { outcome: 'done', key: add ? 'bulk.addedToGroup' : 'bulk.removedFromGroup', params };
  }

  async drivers(ctx: Ctx, body: DriverBody): Promise<BulkResult> {
    const sel = body.selection;
    const filter = sel.mode === 'ids' ? DriverFilter.parse({ ids: sel.ids }) : sel.filter;
    const found = await this.deps.drivers.page(ctx, filter, 0, BULK_MAX);
    tooMany(found.total);
    const rows = found.items.map((d) => ({ id: d.id, label: `${d.name} ${d.surname}`.trim() }));
    const missing = sel.mode === 'ids' ? unreached(ctx, sel.ids, rows) : [];
    const reason = body.reason ?? '';
    const done = await runRows(
      ctx,
      rows,
      1,
      async (row): Promise<RowAnswer> => {
        if (body.action === 'archive') {
          await this.deps.drivers.remove(ctx, row.id);
          return { outcome: 'done', key: 'driver.deleted' };
        }
        const status = body.action === 'block' ? 'blocked' : 'active';
        await this.deps.drivers.manageStatus(ctx, { driverId: row.id, status, reason });
        return { outcome: 'done', key: 'driver.statusChanged' };
      },
      (row, outcome, why) => this.refusal(ctx, body.action, 'driver', row.id, outcome, why),
    );
    return summed([...done, ...missing]);
  }

  cards(ctx: Ctx, body: CardBody): Promise<BulkResult> {
    return bulkCards(this.deps.driverDetails, ctx, body, (...a) => this.refusal(ctx, ...a));
  }

  connectors(ctx: Ctx, body: ConnectorBody): Promise<BulkResult> {
    return bulkConnectors(this.deps, ctx, body, (...a) => this.refusal(ctx, ...a));
  }

  sessions(ctx: Ctx, body: SessionBody): Promise<BulkResult> {
    return closeSessions(this.deps.sessions, ctx, body, (...a) => this.refusal(ctx, ...a));
  }

  /** The charge points a selection names, in reach; ids asked for but out of reach come back refused. */
  private async chargePointRows(ctx: Ctx, sel: CpBody['selection']) {
    const filter = sel.mode === 'ids' ? ChargePointFilter.parse({ ids: sel.ids }) : sel.filter;
    const kind = sel.mode === 'ids' ? 'all' : (filter.list ?? 'all');
    const found = await this.deps.chargePoints.page(ctx, kind, filter, 0, BULK_MAX);
    tooMany(found.total);
    const rows: CpRow[] = found.items.map((c) => ({
      id: c.id,
      label: c.chargePointId,
      chargePointId: c.chargePointId,
      archived: c.archived,
      connectorIds: c.connectors.filter((k) => !k.archived).map((k) => k.id),
    }));
    return { rows, missing: sel.mode === 'ids' ? unreached(ctx, sel.ids, rows) : [] };
  }

  /** A row refused before its service changed anything still leaves its audit line. */
  private async refusal(
    ctx: Ctx,
    action: string,
    entity: RefusedEntity,
    entityId: string | number,
    outcome: 'refused' | 'failed',
    reason: string,
  ) {
    await audit(this.deps.db, ctx, {
      action: `bulk.${action}`,
      entity,
      entityId,
      summary: { outcome, reason },
    });
  }
}
