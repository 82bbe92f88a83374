import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tariff } from '@voltline/contract';
import { useDeleteTariff } from '../api/delete-tariff';
import { useUpdateTariff } from '../api/update-tariff';

/** Retire, reinstate and delete, each behind a confirmation; render `holder` once. */
export function useTariffActions() {
  const { t } = useTranslation('tariffs');
  const { t: tc } = useTranslation('common');
  const [modal, holder] = Modal.useModal();
  const update = useUpdateTariff();
  const remove = useDeleteTariff();

  const retire = (tariff: Tariff) =>
    void modal.confirm({
      title: t('retire.title'),
      content: t('retire.confirm', { name: tariff.name }),
      okText: t('actions.retire'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () => update.mutateAsync({ id: tariff.id, retired: true }),
    });

  const reinstate = (tariff: Tariff) =>
    void modal.confirm({
      title: t('reinstate.title'),
      content: t('reinstate.confirm', { name: tariff.name }),
      okText: t('actions.reinstate'),
      cancelText: tc('actions.cancel'),
      onOk: () => update.mutateAsync({ id: tariff.id, retired: false }),
    });

  const destroy = (tariff: Tariff, onDone?: () => void) =>
    void modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { name: tariff.name }),
      okText: tc('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () => remove.mutateAsync(tariff.id).then(() => onDone?.()),
    });

  return { holder, retire, reinstate, destroy };
}
