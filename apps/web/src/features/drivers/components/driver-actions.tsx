import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/confirm-action';
import { useNavigate } from 'react-router';
import type { Driver } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { useDeleteDriver } from '../api/delete-driver';
import { deleteBlock } from '../driver-rules';
import { driverDetailPath, driverEditPath } from '../paths';

/**
 * Row actions; editing and deleting appear only with drivers:write. Delete is disabled, with the
 * reason as its tooltip, while one of the driver's sessions runs (the server would refuse it).
 */
export function DriverActions({ driver }: { driver: Driver }) {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const canWrite = useCan('drivers:write');
  const remove = useDeleteDriver();
  const block = deleteBlock(driver);

  return (
    <Space size={0}>
      <Tooltip title={tc('actions.view')}>
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={tc('actions.view')}
          onClick={() => void navigate(driverDetailPath(driver.id))}
        />
      </Tooltip>
      {canWrite && (
        <Tooltip title={tc('actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={tc('actions.edit')}
            onClick={() => void navigate(driverEditPath(driver.id))}
          />
        </Tooltip>
      )}
      {canWrite && (
        <ConfirmAction
          blocked={block ? t(`blocked.${block}`) : null}
          icon={<DeleteOutlined />}
          label={tc('actions.delete')}
          title={t('delete.title')}
          description={t('delete.confirm', { name: `${driver.name} ${driver.surname}` })}
          okText={tc('actions.delete')}
          loading={remove.isPending}
          onConfirm={() => remove.mutate(driver.id)}
        />
      )}
    </Space>
  );
}
