import {
  Button,
  Empty,
  Flex,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { type Session, type SessionPage } from '@voltline/contract';
import { formatDuration, formatKw, formatKwh, formatMoney } from '../../../lib/billing-format';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useMinWidth } from '../../../hooks/use-min-width';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { costNote } from '../session-rules';
import { AdhocPaidTag, SessionStateCell } from './session-state-tag';
import { RoamingCell } from './session-roaming';
import { useListPagination } from '../../../components/list-table/pagination';

export function SessionTable({
  page,
  live,
  loading,
  onPage,
  onOpen,
  rowSelection,
}: {
  page: SessionPage | undefined;
  /** The Active tab: power and state of charge instead of cost. */
  live: boolean;
  loading: boolean;
  onPage: (index: number) => void;
  onOpen: (session: Session) => void;
  /** Ticking rows for a bulk action. */
  rowSelection?: TableProps<Session>['rowSelection'];
}) {
  const { t, i18n } = useTranslation('sessions');
  const { t: tc } = useTranslation('common');
  const lng = i18n.language;
  const wide = useMinWidth(1400);

  const columns: TableColumnsType<Session> = [
    {
      title: t('fields.id'),
      key: 'id',
      width: 80,
      render: (_, s) => (
        <Typography.Link onClick={() => onOpen(s)} data-testid="session-open">
          #{s.id}
        </Typography.Link>
      ),
    },
    {
      title: t('fields.chargePoint'),
      key: 'chargePoint',
      // The only column without a width: it takes what the others leave.
      render: (_, s) => (
        <Flex gap={8} style={{ minWidth: 0 }}>
          <span style={{ flex: 'none' }}>{s.chargePointName || s.chargePointId}</span>
          <OneLine type="secondary">
            {t('fields.connectorOf', { chargePointId: s.chargePointId, connectorId: s.connectorId })}
          </OneLine>
        </Flex>
      ),
    },
    {
      title: t('fields.driver'),
      key: 'driver',
      // With the selection column the list still fits 1024 px (e2e narrow-screen).
      width: 160,
      responsive: ['md'],
      // A session paid ad hoc has no driver, and its idTag is the payment's token, not a card.
      render: (_, s) =>
        s.adhoc ? (
          <AdhocPaidTag />
        ) : s.roaming && s.driverId === null ? (
          // A partner's driver: no driver of Voltline's, and the token is the partner's.
          <RoamingCell roaming={s.roaming} />
        ) : (
          <Flex gap={6} style={{ minWidth: 0 }}>
            <OneLine>{s.driverName ?? t('fields.unknownDriver')}</OneLine>
            <span style={{ flex: 'none' }}>
              <Typography.Text type="secondary" code>
                {s.idTag}
              </Typography.Text>
            </span>
          </Flex>
        ),
    },
    {
      title: t('fields.startedAt'),
      key: 'startedAt',
      width: 145,
      // Below 1200 px (a 1024 px laptop) the list fits whole, Energy included; the drawer shows it.
      responsive: ['xl'],
      render: (_, s) => <bdi>{formatDateTime(s.startedAt, lng)}</bdi>,
    },
    {
      title: t('fields.duration'),
      key: 'duration',
      width: 95,
      align: 'end',
      render: (_, s) => <bdi>{formatDuration(s.durationSeconds)}</bdi>,
      hidden: !wide,
    },
    {
      title: t('fields.energy'),
      key: 'energy',
      width: 105,
      align: 'end',
      render: (_, s) => <bdi data-testid="session-energy">{formatKwh(s.energyWh, lng)}</bdi>,
    },
  ];
  if (live) {
    columns.push(
      {
        title: t('fields.power'),
        key: 'power',
        width: 95,
        align: 'end',
        render: (_, s) => (s.powerW === null ? '—' : <bdi>{formatKw(s.powerW, lng)}</bdi>),
      },
      {
        title: t('fields.soc'),
        key: 'soc',
        width: 90,
        align: 'end',
        responsive: ['md'],
        render: (_, s) => (s.soc === null ? '—' : <bdi>{formatNumber(s.soc, lng)} %</bdi>),
      },
    );
  } else {
    columns.push({
      title: t('fields.cost'),
      key: 'cost',
      width: 110,
      align: 'end',
      render: (_, s) =>
        s.cost === null || !s.currency ? (
          <Tooltip title={t(costNote(s))}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ) : (
          <bdi data-testid="session-cost">{formatMoney(s.cost, s.currency, lng)}</bdi>
        ),
    });
  }
  // Running sessions need no state on the Active tab, unless a refused one is among them.
  if (!live || page?.items.some((s) => s.state !== 'active'))
    columns.push({
      title: t('fields.state'),
      key: 'state',
      width: 150,
      render: (_, s) => <SessionStateCell session={s} />,
    });
  columns.push(
    actionsColumn(tc('common.actions'), 100, (s) => (
      <Button size="small" onClick={() => onOpen(s)}>
        {tc('actions.view')}
      </Button>
    )),
  );

  const tableProps = useListTableProps(columns, rowSelection ? 32 : 0);

  return (
    <Table<Session>
      rowKey="id"
      rowSelection={rowSelection}
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={live ? t('list.noActive') : t('list.empty')}
          />
        ),
      }}
      pagination={useListPagination(page, onPage)}
      data-testid="session-table"
    />
  );
}
