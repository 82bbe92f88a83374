import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TableRowSelection } from 'antd/es/table/interface';
import { type ChargePoint, type Page } from '@voltline/contract';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine, OneLineLink } from '../../../components/list-table/one-line';
import { useMinWidth } from '../../../hooks/use-min-width';
import { formatDateTime } from '../../../lib/format';
import { detailPath } from '../paths';
import { ChargePointActions } from './charge-point-actions';
import { ChargePointStateTag } from './fault-words';
import { ProtocolTag } from './protocol-tag';
import { ConnectionTag, ConnectorBadge, RegistrationTag } from './status-tags';
import { useListPagination } from '../../../components/list-table/pagination';

/** Brand and model need a wide screen; below it they are on the detail page. */
const WIDE = 1400;

export function ChargePointTable({
  page,
  loading,
  onPage,
  rowSelection,
}: {
  page: Page<ChargePoint> | undefined;
  loading: boolean;
  onPage: (index: number) => void;
  /** Ticking rows for a bulk action, where the user may take one. */
  rowSelection?: TableRowSelection<ChargePoint>;
}) {
  const { t, i18n } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const wide = useMinWidth(WIDE);

  const columns: TableColumnsType<ChargePoint> = [
    {
      // ID and name on one line; the only column without a width, it takes what the others leave.
      title: t('fields.chargePoint'),
      key: 'chargePoint',
      render: (_, cp) => (
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <span style={{ flex: 'none' }}>
            <OneLineLink to={detailPath(cp.chargePointId)} title={cp.name}>
              <bdi>{cp.chargePointId}</bdi>
            </OneLineLink>
          </span>
          {cp.name !== cp.chargePointId && <OneLine type="secondary">{cp.name}</OneLine>}
          {cp.archived ? (
            <Tag>{t('list.archivedTag')}</Tag>
          ) : (
            cp.registrationStatus !== 'accepted' && <RegistrationTag status={cp.registrationStatus} />
          )}
        </Flex>
      ),
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 130,
      responsive: ['lg'],
      render: (_, cp) => <OneLine>{cp.operatorName}</OneLine>,
    },
    {
      title: t('fields.connection'),
      key: 'connection',
      width: 125,
      ellipsis: true,
      render: (_, cp) => <ConnectionTag connection={cp.connection} />,
    },
    {
      title: t('fields.ocppProtocol'),
      key: 'protocol',
      width: 110,
      // Below 1200 px (a 1024 px laptop) the list fits without a sideways scroll; the detail shows it.
      responsive: ['xl'],
      ellipsis: true,
      render: (_, cp) => <ProtocolTag protocol={cp.ocppProtocol} />,
    },
    {
      // Summed up from the connectors: a charger with a Faulted connector never looks Available.
      title: t('faults.state.label'),
      key: 'state',
      width: 130,
      ellipsis: true,
      render: (_, cp) => <ChargePointStateTag cp={cp} />,
    },
    {
      // One small tag per connector, coloured by its status, which the tooltip names.
      title: t('fields.connectors'),
      key: 'connectors',
      width: 90,
      ellipsis: true,
      render: (_, cp) => (
        <Flex gap={4} wrap={false}>
          {cp.connectors
            .filter((c) => !c.archived)
            .map((c) => (
              <ConnectorBadge key={c.id} connectorId={c.connectorId} status={c.status} />
            ))}
        </Flex>
      ),
    },
    {
      title: t('fields.brandModel'),
      key: 'brand',
      width: 140,
      render: (_, cp) => <OneLine>{[cp.brand, cp.model].filter(Boolean).join(' · ') || '—'}</OneLine>,
      hidden: !wide,
    },
    {
      title: t('fields.city'),
      key: 'city',
      width: 100,
      responsive: ['xl'],
      render: (_, cp) => <OneLine>{cp.city ?? '—'}</OneLine>,
    },
    {
      title: t('fields.lastHeartbeat'),
      key: 'heartbeat',
      width: 140,
      responsive: ['xl'],
      render: (_, cp) =>
        cp.lastHeartbeatAt ? (
          <bdi>{formatDateTime(cp.lastHeartbeatAt, i18n.language)}</bdi>
        ) : (
          <Typography.Text type="secondary">{tc('common.never')}</Typography.Text>
        ),
    },
    actionsColumn(tc('common.actions'), 112, (cp) => <ChargePointActions cp={cp} />),
  ];

  const tableProps = useListTableProps(columns, rowSelection ? 32 : 0);

  return (
    <Table<ChargePoint>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      rowSelection={rowSelection}
      pagination={useListPagination(page, onPage)}
      data-testid="cp-table"
    />
  );
}
