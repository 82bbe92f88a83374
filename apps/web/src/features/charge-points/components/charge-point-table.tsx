import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type ChargePoint, type Page } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { detailPath } from '../paths';
import { ChargePointActions } from './charge-point-actions';
import { ConnectionTag, ConnectorStatusTag, RegistrationTag } from './status-tags';

export function ChargePointTable({
  page,
  loading,
  onPage,
}: {
  page: Page<ChargePoint> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
}) {
  const { t, i18n } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');

  const columns: TableColumnsType<ChargePoint> = [
    {
      title: t('fields.chargePoint'),
      key: 'chargePoint',
      render: (_, cp) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={detailPath(cp.chargePointId)}>
            <bdi>{cp.chargePointId}</bdi>
          </Link>
          <Typography.Text type="secondary" ellipsis>
            {cp.name}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('fields.operator'), dataIndex: 'operatorName', key: 'operator', responsive: ['lg'] },
    {
      title: t('fields.connection'),
      key: 'connection',
      width: 150,
      render: (_, cp) => <ConnectionTag connection={cp.connection} />,
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 130,
      render: (_, cp) => <ConnectorStatusTag status={cp.status} errorCode={cp.errorCode} />,
    },
    {
      title: t('fields.connectors'),
      key: 'connectors',
      render: (_, cp) => (
        <Flex gap={4} wrap>
          {cp.connectors
            .filter((c) => !c.archived)
            .map((c) => (
              <span key={c.id} data-testid={`cp-connector-${c.connectorId}`}>
                <Typography.Text type="secondary" style={{ marginInlineEnd: 2 }}>
                  {c.connectorId}
                </Typography.Text>
                <ConnectorStatusTag status={c.status} errorCode={c.errorCode} />
              </span>
            ))}
        </Flex>
      ),
    },
    {
      title: t('fields.brandModel'),
      key: 'brand',
      responsive: ['xl'],
      render: (_, cp) => [cp.brand, cp.model].filter(Boolean).join(' · ') || '—',
    },
    { title: t('fields.city'), key: 'city', responsive: ['md'], render: (_, cp) => cp.city ?? '—' },
    {
      title: t('fields.lastHeartbeat'),
      key: 'heartbeat',
      responsive: ['xl'],
      render: (_, cp) =>
        cp.lastHeartbeatAt ? (
          <bdi>{formatDateTime(cp.lastHeartbeatAt)}</bdi>
        ) : (
          <Typography.Text type="secondary">{tc('common.never')}</Typography.Text>
        ),
    },
    {
      title: '',
      key: 'flags',
      width: 110,
      render: (_, cp) =>
        cp.archived ? (
          <Tag>{t('list.archivedTag')}</Tag>
        ) : cp.registrationStatus === 'accepted' ? null : (
          <RegistrationTag status={cp.registrationStatus} />
        ),
    },
    {
      title: '',
      key: 'actions',
      width: 120,
      align: 'end',
      render: (_, cp) => <ChargePointActions cp={cp} />,
    },
  ];

  return (
    <Table<ChargePoint>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      scroll={{ x: 900 }}
      pagination={{
        current: (page?.index ?? 0) + 1,
        pageSize: PAGE_SIZE,
        total: page?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total, [from, to]) => (
          <bdi>
            {tc('common.total', {
              range: `${formatNumber(from, i18n.language)}–${formatNumber(to, i18n.language)}`,
              total: formatNumber(total, i18n.language),
            })}
          </bdi>
        ),
        onChange: (p) => onPage(p - 1),
      }}
      data-testid="cp-table"
    />
  );
}
