import { useEffect, useRef } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Modal, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/get-me';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { forgetUser, useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { RoleTags, StatusTag } from '../components/role-tags';
import { UserAuditLog } from '../components/user-audit-log';
import { UserNotFound } from '../components/user-not-found';
import { USERS_PATH } from '../paths';
import { useCanManage } from '../use-can-manage';
import { useIsLastAdmin } from '../use-last-admin';

export default function UserDetailPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const id = Number(useParams().userId);
  const user = useUser(id);
  const { data: me } = useMe();
  const canWrite = useCanManage(user.data);
  const canAudit = useCan('auditLogs:read');
  const remove = useDeleteUser();
  const lastAdmin = useIsLastAdmin(canWrite && me?.id !== id ? user.data : undefined);
  const queryClient = useQueryClient();
  // Set once the user is deleted: the screen then leaves for the list and forgets the record as it
  // goes, instead of fetching it again while still on screen (which reported "not found").
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) forgetUser(queryClient, id, 'all');
    },
    [queryClient, id],
  );

  if (user.isPending && user.fetchStatus !== 'idle') return <PageLoader />;
  if (!user.data) return <UserNotFound />;
  const u = user.data;
  const fullName = `${u.name} ${u.surname}`;

  const confirmDelete = () => {
    void modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm', { name: fullName }),
      okText: tc('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () =>
        remove.mutateAsync(id).then(() => {
          deleted.current = true;
          void navigate(USERS_PATH, { replace: true });
        }),
    });
  };

  return (
    <>
      {modalHolder}
      <PageHeader
        title={t('detail.title')}
        backTo={USERS_PATH}
        extra={
          canWrite && (
            <>
              <Button icon={<EditOutlined />} onClick={() => void navigate(`${USERS_PATH}/edit/${id}`)}>
                {tc('actions.edit')}
              </Button>
              {me?.id !== id && (
                <Tooltip title={lastAdmin ? t('blocked.lastAdmin') : undefined}>
                  <Button danger icon={<DeleteOutlined />} disabled={lastAdmin} onClick={confirmDelete}>
                    {tc('actions.delete')}
                  </Button>
                </Tooltip>
              )}
            </>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={20} align="center" wrap style={{ marginBottom: 24 }}>
          <Avatar size={64} style={{ background: '#e6efff', color: '#1d3a8a', fontSize: 24 }}>
            {`${u.name.charAt(0)}${u.surname.charAt(0)}`.toUpperCase()}
          </Avatar>
          <div>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
              {fullName} <StatusTag active={u.active} />
            </Typography.Title>
            <Typography.Text type="secondary">{u.email}</Typography.Text>
          </div>
        </Flex>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="user-details">
          <Descriptions.Item label={t('fields.operator')}>{u.operatorName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.roles')}>
            <RoleTags roles={u.roles} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.phone')}>{u.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.locale')}>
            {u.locale ? tc(`languages.${u.locale}`, { defaultValue: u.locale }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.lastLogin')}>
            {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : tc('common.never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(u.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {canAudit && <UserAuditLog userId={id} />}
    </>
  );
}
