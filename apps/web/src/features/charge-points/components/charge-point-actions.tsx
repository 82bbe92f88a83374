import { Button, Space, Tooltip } from 'antd';
import { EditOutlined, EyeOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/confirm-action';
import { useNavigate } from 'react-router';
import type { ChargePoint } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { useArchiveChargePoint } from '../api/archive-charge-point';
import { useUnarchiveChargePoint } from '../api/unarchive-charge-point';
import { archiveBlock } from '../archive-rules';
import { detailPath, editPath } from '../paths';

/**
 * Row actions: view; edit and archive or restore when the role may change charge points. Archive
 * is disabled, with the reason as its tooltip, while a session runs (the server would refuse it).
 */
export function ChargePointActions({ cp }: { cp: ChargePoint }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const canWrite = useCan('chargePoints:write');
  const archive = useArchiveChargePoint();
  const unarchive = useUnarchiveChargePoint();
  const block = archiveBlock(cp);

  return (
    <Space size={0}>
      <Tooltip title={tc('actions.view')}>
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={tc('actions.view')}
          onClick={() => void navigate(detailPath(cp.chargePointId))}
        />
      </Tooltip>
      {canWrite && !cp.archived && (
        <Tooltip title={tc('actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={tc('actions.edit')}
            onClick={() => void navigate(editPath(cp.id))}
          />
        </Tooltip>
      )}
      {canWrite && (
        <ConfirmAction
          blocked={block ? t(`blocked.${block}`) : null}
          icon={cp.archived ? <UndoOutlined /> : <InboxOutlined />}
          label={cp.archived ? t('archive.restore') : t('archive.archive')}
          title={cp.archived ? t('archive.restoreTitle') : t('archive.title')}
          description={cp.archived ? t('archive.restoreConfirm') : t('archive.confirm')}
          okText={cp.archived ? t('archive.restore') : t('archive.archive')}
          danger={!cp.archived}
          loading={archive.isPending || unarchive.isPending}
          onConfirm={() => (cp.archived ? unarchive.mutate(cp.chargePointId) : archive.mutate(cp.id))}
        />
      )}
    </Space>
  );
}
