import type { ReactNode } from 'react';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Popconfirm,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type CampaignTarget } from '@voltline/contract';
import { useListTableProps } from '../../../components/list-table/columns';
import { OneLine } from '../../../components/list-table/one-line';
import { useCan } from '../../../hooks/use-permission';
import { formatDateTime } from '../../../lib/format';
import { useCampaign } from '../api/get-campaign';
import { useCampaignAction, type CampaignAction } from '../api/campaign-action';
import { campaignActions } from '../campaign-progress';
import { CampaignProgress, CampaignStateTag, ConnectionTag, TargetStateTag } from './tags';

const ACTION_ICONS: Record<CampaignAction, ReactNode> = {
  pause: <PauseCircleOutlined />,
  resume: <PlayCircleOutlined />,
  cancel: <StopOutlined />,
};

/** One campaign: its settings, its controls and each charger's state, refreshed while it runs. */
export function CampaignDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('firmware');
  const { t: tc } = useTranslation('common');
  const lng = i18n.language;
  const campaign = useCampaign(id);
  const act = useCampaignAction();
  const canWrite = useCan('firmware:write');
  const c = campaign.data;
  const none = <Typography.Text type="secondary">—</Typography.Text>;

  const columns: TableColumnsType<CampaignTarget> = [
    {
      title: t('fields.chargePoint'),
      key: 'chargePoint',
      render: (_, r) => (
        <OneLine>
          <bdi>{r.chargePointId}</bdi>
          {r.name !== r.chargePointId && <Typography.Text type="secondary"> · {r.name}</Typography.Text>}
        </OneLine>
      ),
    },
    { title: t('fields.batch'), key: 'batch', width: 70, render: (_, r) => r.batch },
    {
      title: t('fields.state'),
      key: 'state',
      width: 170,
      render: (_, r) => <TargetStateTag state={r.state} />,
    },
    {
      title: t('fields.versions'),
      key: 'versions',
      width: 160,
      render: (_, r) => (
        <OneLine>
          {r.versionBefore ?? '—'} → <span data-testid="fw-version-after">{r.versionAfter ?? '—'}</span>
        </OneLine>
      ),
    },
    {
      title: t('fields.connection'),
      key: 'connected',
      width: 130,
      render: (_, r) => <ConnectionTag connected={r.connected} />,
    },
    {
      title: t('fields.updatedAt'),
      key: 'updatedAt',
      width: 140,
      render: (_, r) => <bdi>{formatDateTime(r.updatedAt, lng)}</bdi>,
    },
    {
      title: t('fields.error'),
      key: 'error',
      width: 180,
      render: (_, r) => (r.error ? <OneLine type="danger">{r.error}</OneLine> : none),
    },
  ];
  const tableProps = useListTableProps(columns);

  const actionButton = (action: CampaignAction) => {
    if (!c) return null;
    const button = (
      <Button
        key={action}
        icon={ACTION_ICONS[action]}
        danger={action === 'cancel'}
        loading={act.isPending && act.variables?.action === action}
        onClick={action === 'cancel' ? undefined : () => act.mutate({ id: c.id, action })}
        data-testid={`fw-campaign-${action}`}
      >
        {t(`actions.${action}`)}
      </Button>
    );
    return action === 'cancel' ? (
      <Popconfirm
        key={action}
        title={t('actions.cancelTitle')}
        description={t('actions.cancelConfirm')}
        okText={t('actions.cancel')}
        cancelText={tc('actions.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => act.mutate({ id: c.id, action })}
      >
        {button}
      </Popconfirm>
    ) : (
      button
    );
  };

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={1000}
      destroyOnHidden
      title={c ? (c.name ?? t('update.campaignNumber', { id: c.id })) : t('update.campaign')}
      loading={campaign.isPending}
      extra={c && canWrite && <Flex gap={8}>{campaignActions(c.state).map(actionButton)}</Flex>}
      data-testid="fw-campaign-drawer"
    >
      {c && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('fields.state')}>
              <Flex gap={8} align="center" wrap>
                <CampaignStateTag state={c.state} pauseReason={c.pauseReason} />
                {c.state === 'paused' && c.pauseReason && (
                  <Typography.Text type="secondary">
                    {t(`pauseReasons.${c.pauseReason}`, { defaultValue: c.pauseReason })}
                  </Typography.Text>
                )}
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.firmware')}>
              {c.firmwareVersion} · {c.firmwareFileName}
            </Descriptions.Item>
            <Descriptions.Item label={t('delivery.retrieveDate')}>
              {c.retrieveDate ? formatDateTime(c.retrieveDate, lng) : t('delivery.now')}
            </Descriptions.Item>
            <Descriptions.Item label={t('delivery.transport')}>
              {t(`transport.${c.transport}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('delivery.retries')}>
              {t('update.retriesEvery', { retries: c.retries, seconds: c.retryInterval })}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.batchSize')}>
              {c.batchSize ?? t('update.allAtOnce')} ·{' '}
              {t('update.thresholdShort', { percent: c.failureThresholdPercent })}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.created')}>
              {formatDateTime(c.createdAt, lng)} · {c.createdBy ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.finishedAt')}>
              {c.finishedAt ? formatDateTime(c.finishedAt, lng) : '—'}
            </Descriptions.Item>
          </Descriptions>
          <CampaignProgress counts={c.counts} total={c.total} />
          <Table<CampaignTarget>
            rowKey="chargePointId"
            columns={columns}
            dataSource={c.targets}
            {...tableProps}
            pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
            data-testid="fw-target-table"
          />
        </Flex>
      )}
    </Drawer>
  );
}
