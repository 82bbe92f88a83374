import type { BulkResult, CardBulkBody } from '@voltline/contract';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import type { DriverDetailsService } from '../drivers/driver-details.service.js';
import { runRows, summed, tooMany, unreached, type Refusal, type RowAnswer } from './bulk.run.js';

type CardBody = z.output<typeof CardBulkBody>;

/**
 * Block, unblock, archive or restore many RFID cards. A card already so is refused in words; an
 * archived card is neither blocked nor unblocked (restore it first), as the card form does not
 * offer it.
 */
export async function bulkCards(
  driverDetails: DriverDetailsService,
  ctx: Ctx,
  body: CardBody,
  refusal: Refusal,
): Promise<BulkResult> {
  const sel = body.selection;
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
    (card, outcome, why) => refusal(action, 'rfidCard', card.id, outcome, why),
  );
  return summed([...done, ...missing]);
}
