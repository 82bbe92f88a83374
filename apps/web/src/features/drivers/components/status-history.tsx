import { useState } from 'react';
import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type DriverStatusChange } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { useStatusHistory } from '../api/get-status-history';
import { DriverStatusTag } from './driver-status-tag';

export function StatusHistory({ driverId }: { driverId: number }) {
  const { t } = useTranslation('drivers');
  const [index, setIndex] = useState(0);
  const history = useStatusHistory(driverId, index);

  const columns: TableColumnsType<DriverStatusChange> = [
    {
      title: t('history.time'),
      key: 'time',
      width: 170,
      render: (_, h) => <bdi>{formatDateTime(h.createdAt)}</bdi>,
    },
    {
      title: t('history.change'),
      key: 'change',
      width: 260,
      render: (_, h) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <DriverStatusTag status={h.fromStatus} />
          <ArrowRightOutlined style={{ marginInlineEnd: 8, color: '#8c8c8c' }} />
          <DriverStatusTag status={h.toStatus} />
        </span>
      ),
    },
    { title: t('history.reason'), dataIndex: 'reason', key: 'reason' },
    {
      title: t('history.by'),
      key: 'by',
      responsive: ['lg'],
      render: (_, h) =>
        h.userEmail ?? <Typography.Text type="secondary">{t('ledger.system')}</Typography.Text>,
    },
  ];

  return (
    <Card title={t('history.title')} styles={{ body: { padding: 0 } }}>
      <Table<DriverStatusChange>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={history.data?.items}
        loading={history.isFetching}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('history.empty') }}
        pagination={{
          current: index + 1,
          pageSize: PAGE_SIZE,
          total: history.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setIndex(p - 1),
        }}
        data-testid="driver-status-history"
      />
    </Card>
  );
}
