import { Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Driver } from '@voltline/contract';
import { useOperatorDrivers } from '../api/get-operator-drivers';

const STATUS_COLORS: Record<Driver['status'], string> = {
  active: 'success',
  suspended: 'warning',
  blocked: 'error',
};

/** Drivers registered directly under this operator. */
export function OperatorDrivers({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('operators');
  const drivers = useOperatorDrivers(operatorId, true);
  const columns: TableColumnsType<Driver> = [
    { title: t('drivers.name'), key: 'name', render: (_, d) => `${d.name} ${d.surname}` },
    { title: t('drivers.email'), key: 'email', render: (_, d) => d.email ?? '—' },
    {
      title: t('drivers.status'),
      key: 'status',
      render: (_, d) => <Tag color={STATUS_COLORS[d.status]}>{t(`drivers.statuses.${d.status}`)}</Tag>,
    },
  ];
  return (
    <Card title={t('drivers.title')} styles={{ body: { padding: 0 } }}>
      <Table<Driver>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={drivers.data}
        loading={drivers.isFetching}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('drivers.empty') }}
      />
    </Card>
  );
}
