import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Tariff } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { formatKwh, formatMoney, formatPricePerKwh } from '../../../lib/billing-format';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { tariffDetailPath } from '../paths';
import { TariffActionButtons } from './tariff-action-buttons';
import { PaymentTypeTag, TariffStatusTag, TariffTypeTag } from './tariff-tags';
import type { useTariffActions } from './use-tariff-actions';

export function TariffTable({
  tariffs,
  loading,
  actions,
}: {
  tariffs: Tariff[] | undefined;
  loading: boolean;
  actions: ReturnType<typeof useTariffActions>;
}) {
  const { t, i18n } = useTranslation('tariffs');
  const { t: tc } = useTranslation('common');
  const canWrite = useCan('tariffs:write');
  const lng = i18n.language;

  const columns: TableColumnsType<Tariff> = [
    {
      title: t('fields.name'),
      key: 'name',
      width: 240,
      sorter: (a, b) => a.name.localeCompare(b.name, lng),
      render: (_, r) => (
        <Flex vertical>
          <Link to={tariffDetailPath(r.id)}>{r.name}</Link>
          <Typography.Text type="secondary">{r.operatorName}</Typography.Text>
        </Flex>
      ),
    },
    { title: t('fields.type'), key: 'type', width: 90, render: (_, r) => <TariffTypeTag type={r.type} /> },
    {
      title: t('fields.paymentType'),
      key: 'paymentType',
      width: 130,
      render: (_, r) => <PaymentTypeTag paymentType={r.paymentType} />,
    },
    {
      title: t('fields.pricePerKwh'),
      key: 'price',
      align: 'end',
      width: 150,
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      sorter: (a, b) => a.pricePerKwh - b.pricePerKwh,
      render: (_, r) => <bdi>{formatPricePerKwh(r.pricePerKwh, r.currency, lng)}</bdi>,
    },
    {
      title: t('fields.limit'),
      key: 'limit',
      responsive: ['lg'],
      render: (_, r) =>
        r.limitKwh === null || r.overLimitPricePerKwh === null ? (
          <Typography.Text type="secondary">{t('detail.noLimit')}</Typography.Text>
        ) : (
          <bdi>
            {t('detail.limitSummary', {
              limit: formatKwh(r.limitKwh * 1000, lng),
              price: formatPricePerKwh(r.overLimitPricePerKwh, r.currency, lng),
            })}
          </bdi>
        ),
    },
    {
      title: t('fields.fixedPrice'),
      key: 'fixed',
      align: 'end',
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      responsive: ['md'],
      render: (_, r) => <bdi>{formatMoney(r.fixedPrice, r.currency, lng)}</bdi>,
    },
    {
      title: t('fields.validity'),
      key: 'validity',
      responsive: ['xxl'],
      render: (_, r) =>
        r.validFrom || r.validTo ? (
          <bdi>
            {formatDateTime(r.validFrom) || '…'} – {formatDateTime(r.validTo) || '…'}
          </bdi>
        ) : (
          <Typography.Text type="secondary">{t('detail.always')}</Typography.Text>
        ),
    },
    {
      title: t('fields.status'),
      key: 'status',
      width: 110,
      render: (_, r) => <TariffStatusTag tariff={r} />,
    },
  ];
  if (canWrite)
    columns.push({
      title: '',
      key: 'actions',
      width: 130,
      align: 'end',
      render: (_, r) => (
        <Flex gap={4} justify="end">
          <TariffActionButtons tariff={r} actions={actions} compact />
        </Flex>
      ),
    });

  return (
    <Table<Tariff>
      rowKey="id"
      columns={columns}
      dataSource={tariffs}
      loading={loading}
      scroll={{ x: 860 }}
      onRow={(r) => (r.retired ? { style: { opacity: 0.65 } } : {})}
      pagination={{
        pageSize: PAGE_SIZE,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (total, [from, to]) => (
          <bdi>
            {tc('common.total', {
              range: `${formatNumber(from, lng)}–${formatNumber(to, lng)}`,
              total: formatNumber(total, lng),
            })}
          </bdi>
        ),
      }}
      data-testid="tariff-table"
    />
  );
}
