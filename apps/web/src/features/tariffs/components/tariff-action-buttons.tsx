import { Button, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Tariff } from '@voltline/contract';
import { tariffEditPath } from '../paths';
import type { useTariffActions } from './use-tariff-actions';

/**
 * Edit, retire (or reinstate) and delete. A tariff that sessions or connectors use cannot be
 * deleted, since billed sessions refer to it; the button says so and points to retiring.
 */
export function TariffActionButtons({
  tariff,
  actions,
  compact,
  onDeleted,
}: {
  tariff: Tariff;
  actions: ReturnType<typeof useTariffActions>;
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('tariffs');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const label = (text: string) => (compact ? undefined : text);
  const size = compact ? 'small' : 'middle';
  const type = compact ? 'text' : 'default';

  return (
    <>
      {!tariff.retired && (
        <Tooltip title={compact ? tc('actions.edit') : undefined}>
          <Button
            size={size}
            type={type}
            icon={<EditOutlined />}
            aria-label={tc('actions.edit')}
            onClick={() => void navigate(tariffEditPath(tariff.id))}
          >
            {label(tc('actions.edit'))}
          </Button>
        </Tooltip>
      )}
      {tariff.retired ? (
        <Tooltip title={compact ? t('actions.reinstate') : undefined}>
          <Button
            size={size}
            type={type}
            icon={<RollbackOutlined />}
            aria-label={t('actions.reinstate')}
            onClick={() => actions.reinstate(tariff)}
          >
            {label(t('actions.reinstate'))}
          </Button>
        </Tooltip>
      ) : (
        <Tooltip title={compact ? t('actions.retire') : undefined}>
          <Button
            size={size}
            type={type}
            icon={<StopOutlined />}
            aria-label={t('actions.retire')}
            onClick={() => actions.retire(tariff)}
          >
            {label(t('actions.retire'))}
          </Button>
        </Tooltip>
      )}
      <Tooltip title={tariff.inUse ? t('delete.inUse') : compact ? tc('actions.delete') : undefined}>
        <Button
          size={size}
          type={type}
          danger
          icon={<DeleteOutlined />}
          aria-label={tc('actions.delete')}
          disabled={tariff.inUse}
          onClick={() => actions.destroy(tariff, onDeleted)}
        >
          {label(tc('actions.delete'))}
        </Button>
      </Tooltip>
    </>
  );
}
