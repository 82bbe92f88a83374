import { useTranslation } from 'react-i18next';
import { CARD_BULK_ACTIONS, type CardBulkAction, type CardFilter } from '@voltline/contract';
import { BulkActions } from '../../../components/bulk/bulk-actions';
import type { BulkSelectionState } from '../../../components/bulk/use-bulk-selection';
import { useBulkCards } from '../api/bulk-cards';

/** Bulk actions of a driver's RFID cards: block, unblock, archive, restore. */
export function CardBulk({ driverId, state }: { driverId: number; state: BulkSelectionState<CardFilter> }) {
  const { t } = useTranslation('drivers');
  const bulk = useBulkCards(driverId);
  return (
    <BulkActions<CardFilter, CardBulkAction>
      ns="drivers"
      prefix="cardBulk"
      state={state}
      actions={CARD_BULK_ACTIONS.map((a) => ({
        key: a,
        label: t(`cardBulk.actions.${a}`),
        danger: a === 'block' || a === 'archive',
      }))}
      pending={bulk.isPending}
      run={(action, selection) => bulk.mutateAsync({ selection, action })}
    />
  );
}
