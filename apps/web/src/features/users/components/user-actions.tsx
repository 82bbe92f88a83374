import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useDeleteUser } from '../api/delete-user';
import { USERS_PATH } from '../paths';
import { useCanManage } from '../use-can-manage';
import { useIsLastAdmin } from '../use-last-admin';

/**
 * Row actions; editing and deleting appear only where the user's role allows, deleting never on
 * oneself, and the last active Admin's Delete is disabled with the reason as its tooltip.
 */
export function UserActions({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const canWrite = useCanManage(user);
  const { data: me } = useMe();
  const remove = useDeleteUser();
  const self = me?.id === user.id;
  const lastAdmin = useIsLastAdmin(canWrite && !self ? user : undefined);

  return (
    <Space size={0}>
      <Tooltip title={tc('actions.view')}>
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={tc('actions.view')}
          onClick={() => void navigate(`${USERS_PATH}/detail/${user.id}`)}
        />
      </Tooltip>
      {canWrite && (
        <Tooltip title={tc('actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={tc('actions.edit')}
            onClick={() => void navigate(`${USERS_PATH}/edit/${user.id}`)}
          />
        </Tooltip>
      )}
      {canWrite && !self && lastAdmin && (
        <Tooltip title={t('blocked.lastAdmin')}>
          <Button type="text" danger disabled icon={<DeleteOutlined />} aria-label={tc('actions.delete')} />
        </Tooltip>
      )}
      {canWrite && !self && !lastAdmin && (
        <Popconfirm
          title={t('delete.title')}
          description={t('delete.confirm', { name: `${user.name} ${user.surname}` })}
          okText={tc('actions.delete')}
          cancelText={tc('actions.cancel')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          onConfirm={() => remove.mutate(user.id)}
        >
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={tc('actions.delete')} />
        </Popconfirm>
      )}
    </Space>
  );
}
