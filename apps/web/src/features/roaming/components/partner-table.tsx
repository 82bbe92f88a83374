import { Button, Empty, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { operatorNames, partyOf } from '../partner-words';
import { LastExchange } from './last-exchange';
import { PartnerStateTag } from './partner-state-tag';

/** The roaming partners: who they are, how far the handshake went and what they are shown. */
export function PartnerTable({
  partners,
  loading,
  onOpen,
}: {
  partners: RoamingPartner[] | undefined;
  loading: boolean;
  onOpen: (partner: RoamingPartner) => void;
}) {
  const { t } = useTranslation('roaming');

  const columns: TableColumnsType<RoamingPartner> = [
    {
      title: t('fields.name'),
      key: 'name',
      render: (_, p) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => onOpen(p)}
          data-testid={`roaming-open-${p.id}`}
        >
          {p.name}
        </Button>
      ),
    },
    {
      title: t('fields.party'),
      key: 'party',
      width: 110,
      render: (_, p) => <OneLine type={partyOf(p) ? undefined : 'secondary'}>{partyOf(p) ?? '—'}</OneLine>,
    },
    {
      title: t('fields.role'),
      key: 'role',
      width: 90,
      responsive: ['md'],
      render: (_, p) => (p.role ? <Tooltip title={t(`roles.${p.role}`)}>{p.role}</Tooltip> : '—'),
    },
    {
      title: t('fields.state'),
      key: 'state',
      width: 190,
      render: (_, p) => <PartnerStateTag partner={p} />,
    },
    {
      title: t('fields.direction'),
      key: 'direction',
      width: 200,
      responsive: ['lg'],
      render: (_, p) => <OneLine type="secondary">{t(`direction.${p.direction}`)}</OneLine>,
    },
    {
      title: t('fields.published'),
      key: 'published',
      width: 200,
      responsive: ['lg'],
      render: (_, p) => {
        const names = operatorNames(p);
        return names.length > 0 ? (
          <OneLine>{names.join(', ')}</OneLine>
        ) : (
          <Typography.Text type="secondary">{t('fields.nothingPublished')}</Typography.Text>
        );
      },
    },
    {
      title: t('fields.tariff'),
      key: 'tariff',
      width: 160,
      responsive: ['xl'],
      render: (_, p) => (
        <OneLine type={p.tariffName ? undefined : 'secondary'}>
          {p.tariffName ?? t('fields.ownTariffs')}
        </OneLine>
      ),
    },
    {
      title: t('fields.lastSuccess'),
      key: 'lastSuccess',
      width: 150,
      render: (_, p) => <LastExchange at={p.lastSuccessAt} />,
    },
    {
      title: t('fields.operator'),
      key: 'operator',
      width: 160,
      responsive: ['xl'],
      render: (_, p) => <OneLine>{p.operatorName}</OneLine>,
    },
  ];

  return (
    <Table<RoamingPartner>
      {...useListTableProps(columns)}
      rowKey="id"
      columns={columns}
      dataSource={partners}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty description={t('list.empty')} /> }}
    />
  );
}
