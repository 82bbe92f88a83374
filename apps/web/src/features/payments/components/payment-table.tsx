import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Page, type Payment } from '@voltline/contract';
import { formatMoney } from '../../../lib/billing-format';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { PaymentKindTag, PaymentStateTag } from './payment-tags';

export const refundable = (p: Payment) => p.amount - p.refundedAmount;

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

  const columns: TableColumnsType<Payment> = [
    {
      title: t('fields.pgTranId'),
      key: 'pgTranId',
      render: (_, p) => (
        <Flex vertical>
          <Typography.Text copyable={{ text: p.pgTranId }} style={{ fontFamily: 'monospace' }}>
            {p.pgTranId}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t(`gateways.${p.gateway}`, { defaultValue: p.gateway })}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('fields.kind'), key: 'kind', width: 110, render: (_, p) => <PaymentKindTag kind={p.kind} /> },
    {
      title: t('fields.driver'),
      key: 'driver',
      responsive: ['md'],
      render: (_, p) =>
        p.driverName ?? <Typography.Text type="secondary">{t('fields.noDriver')}</Typography.Text>,
    },
    {
      title: t('fields.session'),
      key: 'session',
      responsive: ['lg'],
      render: (_, p) => (p.sessionId === null ? '—' : `#${p.sessionId}`),
    },
    {
      title: t('fields.createdAt'),
      key: 'createdAt',
      responsive: ['lg'],
      render: (_, p) => <bdi>{formatDateTime(p.createdAt)}</bdi>,
    },
    {
      title: t('fields.amount'),
      key: 'amount',
      align: 'end',
      render: (_, p) => <bdi data-testid="payment-amount">{formatMoney(p.amount, p.currency, lng)}</bdi>,
    },
    {
      title: t('fields.refunded'),
      key: 'refunded',
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
      width: 160,
      render: (_, p) => (
        <span data-testid="payment-state">
          <PaymentStateTag state={p.state} />
        </span>
      ),
    },
  ];
  if (canRefund)
    columns.push({
      title: '',
      key: 'refund',
      width: 120,
      align: 'end',
      render: (_, p) =>
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
    });

  return (
    <Table<Payment>
      rowKey="id"
      columns={columns}
      dataSource={page?.items}
      loading={loading}
      scroll={{ x: 960 }}
      pagination={{
        current: (page?.index ?? 0) + 1,
        pageSize: PAGE_SIZE,
        total: page?.total ?? 0,
        showSizeChanger: false,
        showTotal: (total, [from, to]) => (
          <bdi>
            {tc('common.total', {
              range: `${formatNumber(from, lng)}–${formatNumber(to, lng)}`,
              total: formatNumber(total, lng),
            })}
          </bdi>
        ),
        onChange: (p) => onPage(p - 1),
      }}
      data-testid="payment-table"
    />
  );
}
