import { Button, Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type Page, type Payment } from '@voltline/contract';
import { formatMoney } from '../../../lib/billing-format';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useMinWidth } from '../../../hooks/use-min-width';
import { formatDateTime } from '../../../lib/format';
import { HiddenTitle } from '../../../components/list-table/hidden-title';
import { AdhocTag, PaymentKindTag, PaymentStateTag, useGatewayName } from './payment-tags';
import { AdhocDetails } from './adhoc-details';
import { useListPagination } from '../../../components/list-table/pagination';
import { refundable } from '../adhoc';

export function PaymentTable({
  page,
  loading,
  canRefund,
  onPage,
  onRefund,
}: {
  page: Page<Payment> | undefined;
  loading: boolean;
  canRefund: boolean;
  onPage: (index: number) => void;
  onRefund: (payment: Payment) => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const { t: tc } = useTranslation('common');
  const lng = i18n.language;
  const wide = useMinWidth(1400);
  const gatewayName = useGatewayName();
  const gateway = (p: Payment) => gatewayName(p.gateway);
  // Only lines paid ad hoc by card have details to open; a page without one keeps its columns.
  const withDetails = page?.items.some((p) => p.adhoc) ?? false;

  const columns: TableColumnsType<Payment> = [
    {
      title: t('fields.pgTranId'),
      key: 'pgTranId',
      width: 150,
      ellipsis: true,
      // The gateway is a column on very wide screens only; here it is the ID's tooltip.
      render: (_, p) => (
        <Tooltip title={gateway(p)}>
          <Typography.Text copyable={{ text: p.pgTranId }} style={{ fontFamily: 'monospace' }}>
            {p.pgTranId}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('fields.gateway'),
      key: 'gateway',
      width: 160,
      responsive: ['xxl'],
      render: (_, p) => <OneLine type="secondary">{gateway(p)}</OneLine>,
    },
    { title: t('fields.kind'), key: 'kind', width: 105, render: (_, p) => <PaymentKindTag kind={p.kind} /> },
    {
      // The only column without a width: it takes what the others leave.
      title: t('fields.driver'),
      key: 'driver',
      responsive: ['md'],
      render: (_, p) =>
        p.adhoc ? (
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <span style={{ flex: 'none', maxWidth: '100%' }}>
              <AdhocTag />
            </span>
            <OneLine type="secondary">{gatewayName(p.adhoc.provider)}</OneLine>
          </Flex>
        ) : p.driverName ? (
          <OneLine>{p.driverName}</OneLine>
        ) : (
          <Typography.Text type="secondary">{t('fields.noDriver')}</Typography.Text>
        ),
    },
    {
      title: t('fields.session'),
      key: 'session',
      width: 85,
      render: (_, p) => (p.sessionId === null ? '—' : `#${p.sessionId}`),
      hidden: !wide,
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      width: 150,
      responsive: ['lg'],
      render: (_, p) => <bdi>{formatDateTime(p.createdAt, lng)}</bdi>,
    },
    {
      title: t('fields.amount'),
      key: 'amount',
      width: 115,
      align: 'end',
      render: (_, p) => <bdi data-testid="payment-amount">{formatMoney(p.amount, p.currency, lng)}</bdi>,
    },
    {
      title: t('fields.refunded'),
      key: 'refunded',
      width: 110,
      align: 'end',
      render: (_, p) =>
        p.refundedAmount > 0 ? (
          <Typography.Text type="danger" data-testid="payment-refunded">
            <bdi>−{formatMoney(p.refundedAmount, p.currency, lng)}</bdi>
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="payment-refunded">
            —
          </Typography.Text>
        ),
    },
    {
      title: t('fields.state'),
      key: 'state',
      width: 140,
      render: (_, p) => (
        <span data-testid="payment-state">
          <PaymentStateTag state={p.state} />
        </span>
      ),
    },
  ];
  if (canRefund)
    columns.push(
      actionsColumn(
        tc('common.actions'),
        115,
        (p) =>
          p.state !== 'failed' &&
          refundable(p) > 0 && (
            <Button
              size="small"
              icon={<RollbackOutlined />}
              onClick={() => onRefund(p)}
              data-testid="payment-refund"
            >
              {t('refund.button')}
            </Button>
          ),
      ),
    );

  const tableProps = useListTableProps(columns, withDetails ? 48 : 0);

  return (
    <Table<Payment>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      {...tableProps}
      expandable={
        withDetails
          ? {
              columnTitle: <HiddenTitle name="details" />,
              rowExpandable: (p) => p.adhoc !== undefined,
              expandedRowRender: (p) => p.adhoc && <AdhocDetails payment={p} adhoc={p.adhoc} />,
            }
          : undefined
      }
      pagination={useListPagination(page, onPage)}
      data-testid="payment-table"
    />
  );
}
