import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operator } from '@voltline/contract';
import { useArchiveOperator } from './api/archive-operator';
import { useUnarchiveOperator } from './api/unarchive-operator';
import { errorMessageOf } from './server-errors';

export interface Refusal {
  operator: string;
  reason: string;
}

/**
 * Archive and restore, each behind a confirmation. When the server refuses (active charge points
 * or sub-operators), its reason is kept so the screen can show it until the user dismisses it.
 */
export function useArchiveActions() {
  const { t } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const [modal, modalHolder] = Modal.useModal();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const archive = useArchiveOperator();
  const unarchive = useUnarchiveOperator();

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

  return { confirmArchive, confirmUnarchive, refusal, clearRefusal: () => setRefusal(null), modalHolder };
}
