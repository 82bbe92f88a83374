import { Flex, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type Tariff } from '@voltline/contract';
import { actionsColumn, useListTableProps } from '../../../components/list-table/columns';
import { OneLine, OneLineLink } from '../../../components/list-table/one-line';
import { useMinWidth } from '../../../hooks/use-min-width';
import { useCan } from '../../../hooks/use-permission';
import { formatKwh, formatMoney, formatPricePerKwh } from '../../../lib/billing-format';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { isDerived } from '../form-values';
import { tariffDetailPath } from '../paths';
import { TariffActionButtons } from './tariff-action-buttons';
import { PaymentTypeTag, TariffStatusTag, TariffTypeTag } from './tariff-tags';
import { usePriceWords } from './tariff-price-words';
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
  const wide = useMinWidth(1400);

  const columns: TableColumnsType<Tariff> = [
    {
      title: t('fields.name'),
      key: 'name',
      // The only column without a width: it takes what the others leave.
      sorter: (a, b) => a.name.localeCompare(b.name, lng),
      render: (_, r) => (
        <OneLineLink to={tariffDetailPath(r.id)} title={`${r.name} · ${r.operatorName}`}>
          {r.name}
        </OneLineLink>
      ),
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 150,
      responsive: ['lg'],
      hidden: !wide,
      render: (_, r) => <OneLine>{r.operatorName}</OneLine>,
    },
    { title: t('fields.type'), key: 'type', width: 80, render: (_, r) => <TariffTypeTag type={r.type} /> },
    {
      title: t('fields.paymentType'),
      key: 'paymentType',
      width: 115,
      render: (_, r) => <PaymentTypeTag paymentType={r.paymentType} />,
    },
    {
      title: t('fields.pricePerKwh'),
      key: 'price',
      align: 'end',
      width: 135,
      sorter: (a, b) => a.pricePerKwh - b.pricePerKwh,
      render: (_, r) => <PriceCell tariff={r} />,
    },
    {
      title: t('fields.limit'),
      key: 'limit',
      width: 170,
      responsive: ['lg'],
      render: (_, r) =>
        !isDerived(r) ? (
          '—'
        ) : r.limitKwh === null || r.overLimitPricePerKwh === null ? (
          <Typography.Text type="secondary">{t('detail.noLimit')}</Typography.Text>
        ) : (
          <OneLine>
            <bdi>
              {t('detail.limitSummary', {
                limit: formatKwh(r.limitKwh * 1000, lng),
                price: formatPricePerKwh(r.overLimitPricePerKwh, r.currency, lng),
              })}
            </bdi>
          </OneLine>
        ),
    },
    {
      title: t('fields.fixedPrice'),
      key: 'fixed',
      width: 110,
      align: 'end',
      responsive: ['md'],
      render: (_, r) => (isDerived(r) ? <bdi>{formatMoney(r.fixedPrice, r.currency, lng)}</bdi> : '—'),
    },
    {
      title: t('fields.validity'),
      key: 'validity',
      width: 300,
      responsive: ['xxl'],
      render: (_, r) =>
        r.validFrom || r.validTo ? (
          <OneLine>
            <bdi>
              {formatDateTime(r.validFrom, lng) || '…'} – {formatDateTime(r.validTo, lng) || '…'}
            </bdi>
          </OneLine>
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
    columns.push(
      actionsColumn(tc('common.actions'), 112, (r) => (
        <Flex gap={4} justify="end">
          <TariffActionButtons tariff={r} actions={actions} compact />
        </Flex>
      )),
    );

  const tableProps = useListTableProps(columns);

  return (
    <Table<Tariff>
      rowKey="id"
      columns={columns}
      dataSource={tariffs}
      loading={loading}
      {...tableProps}
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

/** The price per kWh of a simple tariff, or "price components"; the whole price in words on hover. */
function PriceCell({ tariff }: { tariff: Tariff }) {
  const { t, i18n } = useTranslation('tariffs');
  const words = usePriceWords(tariff);
  return (
    <Tooltip
      title={
        <Flex vertical gap={2}>
          {words.map((w) => (
            <bdi key={w}>{w}</bdi>
          ))}
        </Flex>
      }
    >
      <OneLine>
        {isDerived(tariff) ? (
          <bdi>{formatPricePerKwh(tariff.pricePerKwh, tariff.currency, i18n.language)}</bdi>
        ) : (
          <Typography.Text data-testid="tariff-own-components">{t('form.pricingComponents')}</Typography.Text>
        )}
      </OneLine>
    </Tooltip>
  );
}
