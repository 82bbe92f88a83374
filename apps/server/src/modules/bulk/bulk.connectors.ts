import { answerOutcome, type BulkResult, type Connector, type ConnectorBulkBody } from '@voltline/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { ConnectorsService } from '../charge-points/connectors.service.js';
import type { CommandsService } from '../commands/commands.service.js';
import { runRows, summed, tooMany, unreached, type Refusal, type RowAnswer } from './bulk.run.js';

type ConnectorBody = z.output<typeof ConnectorBulkBody>;
type Row = Connector & { label: string };

/** How many chargers the availability of a selection is asked of at once. */
const CONCURRENCY = 4;

/**
 * The connectors a selection names, in reach: the ids ticked (those out of reach come back
 * refused, without a name), or every connector of one charge point.
 */
async function connectorRows(connectors: ConnectorsService, ctx: Ctx, sel: ConnectorBody['selection']) {
  if (sel.mode === 'filter') {
    const all = await connectors.ofChargePoint(ctx, sel.filter.chargePointId);
    tooMany(all.length);
    return all.map(labelled);
  }
  const rows: Row[] = [];
  for (const id of new Set(sel.ids)) {
    const found = await connectors.byId(ctx, id).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    });
    if (found) rows.push(labelled(found));
  }
  return rows;
}

const labelled = (c: Connector): Row => ({ ...c, label: `${c.chargePointId} / ${c.connectorId}` });

/**
 * Many connectors at once, each as its own screen does it: availability through the same command
 * gateway as one connector's ChangeAvailability (checks, audit, the charger's protocol), archive and
 * restore, or one tariff. An archived connector gets no command; a row already so is refused in
 * words, and every row refused leaves its audit line.
 */
export async function bulkConnectors(
  deps: { connectors: ConnectorsService; commands: CommandsService },
  ctx: Ctx,
  body: ConnectorBody,
  refusal: Refusal,
): Promise<BulkResult> {
  const sel = body.selection;
  const rows = await connectorRows(deps.connectors, ctx, sel);
  const { action } = body;
  const act = async (c: Row): Promise<RowAnswer> => {
    if (action === 'archive' || action === 'unarchive') {
      const archive = action === 'archive';
      if (c.archived === archive) {
        return { outcome: 'refused', key: archive ? 'bulk.alreadyArchived' : 'bulk.notArchived' };
      }
      await deps.connectors.setArchived(ctx, c.id, archive);
      return { outcome: 'done', key: archive ? 'connector.archived' : 'connector.unarchived' };
    }
    if (action === 'assignTariff') {
      const tariffId = body.tariffId ?? null;
      if (c.tariffId === tariffId) return { outcome: 'refused', key: 'bulk.sameTariff' };
      await deps.connectors.update(ctx, { id: c.id, tariffId });
      return { outcome: 'done', key: tariffId ? 'bulk.connectorTariffSet' : 'bulk.connectorTariffRemoved' };
    }
    if (c.archived) return { outcome: 'refused', key: 'bulk.connectorIsArchived' };
    const answer = await deps.commands.send(ctx, 'changeAvailability', {
      chargePointId: c.chargePointId,
      connectorId: c.connectorId,
      type: action === 'operative' ? 'Operative' : 'Inoperative',
    });
    const status = typeof answer.status === 'string' ? answer.status : '—';
    return answerOutcome(status) === 'success'
      ? { outcome: 'done', key: 'bulk.commandAccepted', params: { status } }
      : { outcome: 'refused', key: 'command.refused', params: { status } };
  };
  const done = await runRows(
    ctx,
    rows,
    action.endsWith('operative') ? CONCURRENCY : 1,
    act,
    (c, outcome, why) => refusal(action, 'connector', c.id, outcome, why),
  );
  const missing = sel.mode === 'ids' ? unreached(ctx, [...new Set(sel.ids)], rows) : [];
  return summed([...done, ...missing]);
}
