import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operator } from '@voltline/contract';
import { useMe } from '../../api/get-me';
import { useCan } from '../../hooks/use-permission';
import { useArchiveOperator } from './api/archive-operator';
import { useChargePointCounts } from './api/get-charge-point-counts';
import { useOperatorLookup } from './api/get-operator-lookup';
import { useUnarchiveOperator } from './api/unarchive-operator';
import { archiveBlock, restoreBlock } from './archive-rules';
import { errorMessageOf } from './server-errors';

export interface Refusal {
  operator: string;
  reason: string;
}

/**
 * Archive and restore, each behind a confirmation. What the server is known to refuse (the user's
 * own operator, live sub-operators or charge points, an archived parent) is not offered: `blockOf`
 * gives the reason to show instead. Should the server refuse all the same (data changed in the
 * meantime), its reason is kept so the screen can show it until the user dismisses it.
 */
export function useArchiveActions() {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const [modal, modalHolder] = Modal.useModal();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const archive = useArchiveOperator();
  const unarchive = useUnarchiveOperator();
  const canWrite = useCan('operators:write');
  const canSeeChargePoints = useCan('chargePoints:read');
  const { data: me } = useMe();
  const lookup = useOperatorLookup();
  const chargePoints = useChargePointCounts(canWrite && canSeeChargePoints);

  /** Why archiving (or, for an archived operator, restoring) it would be refused; null when allowed. */
  const blockOf = (op: Pick<Operator, 'id' | 'parentId' | 'archived'>): string | null => {
    const block = op.archived
      ? restoreBlock(op, lookup.data)
      : archiveBlock(op.id, {
          ownOperatorId: me?.operatorId,
          operators: lookup.data,
          chargePoints: chargePoints.data,
        });
    return block ? t(`blocked.${block}`) : null;
  };

  const confirmArchive = (op: Pick<Operator, 'id' | 'name'>, onDone?: () => void) => {
    void modal.confirm({
      title: t('archive.title'),
      content: t('archive.confirm', { name: op.name }),
      okText: t('archive.action'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () =>
        archive.mutateAsync(op.id).then(
          () => {
            setRefusal(null);
            onDone?.();
          },
          (error: unknown) =>
            setRefusal({ operator: op.name, reason: errorMessageOf(error) ?? tc('errors.generic') }),
        ),
    });
  };

  const confirmUnarchive = (op: Pick<Operator, 'id' | 'name'>, onDone?: () => void) => {
    void modal.confirm({
      title: t('unarchive.title'),
      content: t('unarchive.confirm', { name: op.name }),
      okText: t('unarchive.action'),
      cancelText: tc('actions.cancel'),
      onOk: () =>
        unarchive.mutateAsync(op.id).then(
          () => {
            setRefusal(null);
            onDone?.();
          },
          (error: unknown) =>
            setRefusal({ operator: op.name, reason: errorMessageOf(error) ?? tc('errors.generic') }),
        ),
    });
  };

  return {
    confirmArchive,
    confirmUnarchive,
    blockOf,
    refusal,
    clearRefusal: () => setRefusal(null),
    modalHolder,
  };
}
