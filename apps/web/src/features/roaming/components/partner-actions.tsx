import { Button, Popconfirm, Space } from 'antd';
import { StopOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { notices } from '../../../lib/notices';
import { useRefreshPartner, useUnregisterPartner } from '../api/partner-actions';
import { partnerActions, serverMessage } from '../partner-words';

/** Refresh credentials and unregister, each saying how it went. */
export function PartnerActions({ partner: p }: { partner: RoamingPartner }) {
  const { t } = useTranslation('roaming');
  const { t: tc } = useTranslation('common');
  const refresh = useRefreshPartner();
  const unregister = useUnregisterPartner();
  const allowed = partnerActions(p.state);
  const failed = (err: unknown) => notices.error(serverMessage(err) ?? t('form.failed'));
  return (
    <Space>
      {allowed.refresh && (
        <Button
          icon={<SyncOutlined />}
          loading={refresh.isPending}
          onClick={() =>
            refresh.mutate(p.id, {
              onSuccess: () => notices.success(t('actions.refreshed')),
              onError: failed,
            })
          }
          data-testid="roaming-refresh"
        >
          {t('actions.refresh')}
        </Button>
      )}
      {allowed.unregister && (
        <Popconfirm
          title={t('unregister.title', { name: p.name })}
          description={<div style={{ maxWidth: 320 }}>{t('unregister.confirm')}</div>}
          okText={t('actions.unregister')}
          cancelText={tc('actions.cancel')}
          okButtonProps={{ danger: true, loading: unregister.isPending }}
          onConfirm={() =>
            unregister.mutate(p.id, {
              onSuccess: () => notices.success(t('actions.unregistered')),
              onError: failed,
            })
          }
        >
          <Button danger icon={<StopOutlined />} data-testid="roaming-unregister">
            {t('actions.unregister')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
