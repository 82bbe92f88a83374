import { useState } from 'react';
import { Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@voltline/contract';
import { useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useListPagination } from '../../../components/list-table/pagination';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCampaigns } from '../api/get-campaigns';
import { CampaignProgress, CampaignStateTag } from './tags';

/** Campaigns, newest first; a row opens its detail. */
export function CampaignTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('firmware');
  const lng = i18n.language;
  // The campaign list pages on its own; the address keeps the open campaign.
  const [index, setIndex] = useState(0);
  const campaigns = useCampaigns(index);

  const columns: TableColumnsType<Campaign> = [
    {
      title: t('fields.campaign'),
      key: 'name',
      render: (_, c) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Link onClick={() => onOpen(c.id)} ellipsis data-testid={`fw-campaign-${c.id}`}>
            {c.name ?? t('update.campaignNumber', { id: c.id })}
          </Typography.Link>
          <OneLine type="secondary">
            {c.firmwareVersion} · {c.firmwareFileName}
          </OneLine>
        </Flex>
      ),
    },
    {
      title: t('fields.state'),
      key: 'state',
      width: 130,
      render: (_, c) => <CampaignStateTag state={c.state} pauseReason={c.pauseReason} />,
    },
    {
      title: t('fields.progress'),
      key: 'progress',
      width: 220,
      render: (_, c) => (
        <Flex vertical gap={2}>
          <CampaignProgress counts={c.counts} total={c.total} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('progress.summary', {
              done: formatNumber(c.counts.confirmed ?? 0, lng),
              total: formatNumber(c.total, lng),
            })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fields.created'),
      key: 'created',
      width: 200,
      render: (_, c) => (
        <Flex vertical>
          <bdi>{formatDateTime(c.createdAt, lng)}</bdi>
          <Typography.Text type="secondary" ellipsis>
            {c.createdBy ?? '—'}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t('update.campaigns')} styles={{ body: { padding: 0 } }}>
      <Table<Campaign>
        rowKey="id"
        columns={columns}
        dataSource={campaigns.data?.items}
        loading={campaigns.isPending}
        {...useListTableProps(columns)}
        pagination={useListPagination(campaigns.data, setIndex, { hideOnSinglePage: true })}
        data-testid="fw-campaign-table"
      />
    </Card>
  );
}
