import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PendingChargePoint } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { ConfirmAction } from '../../../components/confirm-action';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDeletePendingCharger, usePendingChargers } from '../api/pending-chargers';
import { ApprovePendingModal } from '../components/approve-pending-modal';

/**
 * Chargers that connected with an id no operator has. They belong to no operator, so only an Admin
 * sees them: approve one into an operator (it is let in at its next connection) or delete it.
 */
export default function PendingChargersPage() {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const { data: me } = useMe();
  const isAdmin = me?.roles.includes('Admin') ?? false;
  const canWrite = useCan('chargePoints:write');
  const pending = usePendingChargers();
  const remove = useDeletePendingCharger();
  const [approving, setApproving] = useState<PendingChargePoint | null>(null);

  return (
    <>
      <PageHeader title={t('pending.title')} subtitle={t('pending.subtitle')} />
      {!isAdmin && (
        <Alert type="info" showIcon message={t('pending.adminOnly')} style={{ marginBottom: 16 }} />
      )}
      <Card styles={{ body: { padding: 0 } }} aria-label={t('pending.title')}>
        <Table<PendingChargePoint>
          rowKey="id"
          loading={pending.isPending}
          dataSource={pending.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t('pending.empty') }}
          scroll={{ x: true }}
          columns={[
            { title: t('fields.chargePointId'), dataIndex: 'chargePointId' },
            {
              title: t('pending.address'),
              dataIndex: 'remoteAddress',
              render: (v: string | null) => v ?? '—',
            },
            {
              title: t('fields.vendor'),
              key: 'vendor',
              render: (_, r) => [r.vendor, r.model].filter(Boolean).join(' · ') || '—',
            },
            {
              title: t('fields.serialNumber'),
              dataIndex: 'serialNumber',
              render: (v: string | null) => v ?? '—',
            },
            {
              title: t('fields.firmwareVersion'),
              dataIndex: 'firmwareVersion',
              render: (v: string | null) => v ?? '—',
            },
            {
              title: t('pending.firstSeen'),
              dataIndex: 'firstSeenAt',
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t('pending.lastSeen'),
              dataIndex: 'lastSeenAt',
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t('pending.password'),
              dataIndex: 'hasPassword',
              render: (v: boolean) =>
                v ? tc('common.yes') : <Tag color="orange">{t('pending.noPassword')}</Tag>,
            },
            {
              title: t('pending.attempts'),
              dataIndex: 'attempts',
              align: 'right',
              render: (v: number) => formatNumber(v),
            },
            ...(isAdmin && canWrite
              ? [
                  {
                    key: 'actions',
                    render: (_: unknown, r: PendingChargePoint) => (
                      <Space size={0}>
                        <Button type="link" icon={<CheckOutlined />} onClick={() => setApproving(r)}>
                          {t('pending.approve')}
                        </Button>
                        <ConfirmAction
                          icon={<DeleteOutlined />}
                          label={t('pending.delete')}
                          title={t('pending.deleteTitle')}
                          description={t('pending.deleteConfirm')}
                          okText={t('pending.delete')}
                          loading={remove.isPending}
                          onConfirm={() => remove.mutate(r.id)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <ApprovePendingModal charger={approving} onClose={() => setApproving(null)} />
    </>
  );
}
