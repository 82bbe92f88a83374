import {
  BULK_COMMAND_CONCURRENCY,
  BULK_MAX,
  ChargePointFilter,
  CommandBodies,
  DriverFilter,
  answerOutcome,
  type BulkResult,
  type CardBulkBody,
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
import { runRows, summed, unreached, type BulkRow, type RowAnswer } from './bulk.run.js';

type CommandBody = z.output<typeof ChargePointBulkCommandBody>;
type CpBody = z.output<typeof ChargePointBulkBody>;
type DriverBody = z.output<typeof DriverBulkBody>;
type CardBody = z.output<typeof CardBulkBody>;
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
    const done = await runRows(
      ctx,
      rows,
      1,
      (row) =>
        body.action === 'assignTariff'
          ? this.assignTariff(ctx, row, body.tariffId ?? null)
          : this.archive(ctx, row, body.action === 'archive'),
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

  /**
   * Block, unblock, archive or restore many RFID cards. A card already so is refused in words; an
   * archived card is neither blocked nor unblocked (restore it first), as the card form does not
   * offer it.
   */
  async cards(ctx: Ctx, body: CardBody): Promise<BulkResult> {
    const sel = body.selection;
    const { driverDetails } = this.deps;
    const found =
      sel.mode === 'ids'
        ? await driverDetails.cardsByIds(ctx, sel.ids)
        : await driverDetails.cards(ctx, sel.filter.driverId);
    tooMany(found.length);
    const rows = found.map((c) => ({ ...c, label: c.number }));
    const missing = sel.mode === 'ids' ? unreached(ctx, sel.ids, rows) : [];
    const { action } = body;
    const done = await runRows(
      ctx,
      rows,
      1,
      async (card): Promise<RowAnswer> => {
        if (action === 'archive' || action === 'unarchive') {
          const archive = action === 'archive';
          if (card.archived === archive) {
            return { outcome: 'refused', key: archive ? 'bulk.alreadyArchived' : 'bulk.notArchived' };
          }
          await driverDetails.setArchived(ctx, card.id, archive);
          return { outcome: 'done', key: archive ? 'driver.cardArchivedDone' : 'driver.cardUnarchived' };
        }
        const block = action === 'block';
        if (card.archived) return { outcome: 'refused', key: 'bulk.cardIsArchived' };
        if ((card.status === 'blocked') === block) {
          return { outcome: 'refused', key: block ? 'bulk.alreadyBlocked' : 'bulk.notBlocked' };
        }
        const status = block ? ('blocked' as const) : ('active' as const);
        await driverDetails.updateCard(ctx, { id: card.id, status, groupIdToken: undefined });
        return { outcome: 'done', key: block ? 'bulk.cardBlocked' : 'bulk.cardUnblocked' };
      },
      (card, outcome, why) => this.refusal(ctx, action, 'rfidCard', card.id, outcome, why),
    );
    return summed([...done, ...missing]);
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
    entity: 'chargePoint' | 'driver' | 'rfidCard',
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

function tooMany(total: number) {
  if (total > BULK_MAX) throw new AppError(400, 'bulk.tooMany', { count: total, max: BULK_MAX });
}
