import { useState } from 'react';
import { Descriptions, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HiddenTitle } from '../../../components/list-table/hidden-title';
import { type CommandRecord } from '@voltline/contract';
import { JsonView } from '../../../components/ocpp-log/json-view';
import { formatDate } from '../../../lib/format';
import { useCommands } from '../api/get-commands';
import { OUTCOME_COLORS, requestSummary } from '../command-record';
import { useListPagination } from '../../../components/list-table/pagination';

/** To the second: commands often go out, and get answered, within the same minute. */
const at = (value: string) => <bdi>{formatDate(value, 'dateTimeSeconds')}</bdi>;

/** Every remote command sent to the charger, newest first, with what became of it. */
export function CommandHistory({ id }: { id: number }) {
  const { t } = useTranslation('chargePoints');
  const [index, setIndex] = useState(0);
  const commands = useCommands(id, index);
  const columns: TableColumnsType<CommandRecord> = [
    {
      title: t('commandLog.sentAt'),
      key: 'sentAt',
      width: 170,
      render: (_, c) => at(c.sentAt),
    },
    { title: t('commandLog.action'), key: 'action', render: (_, c) => <bdi>{c.action}</bdi> },
    {
      title: t('commandLog.sentBy'),
      key: 'sentBy',
      responsive: ['md'],
      render: (_, c) =>
        c.userName ?? <Typography.Text type="secondary">{t('commandLog.voltline')}</Typography.Text>,
    },
    {
      title: t('commandLog.outcome'),
      key: 'outcome',
      render: (_, c) => (
        <Tooltip title={t(`commandLog.outcomeHints.${c.outcome}`)}>
          <Tag
            color={OUTCOME_COLORS[c.outcome]}
            icon={c.outcome === 'sent' ? <SyncOutlined spin /> : undefined}
            data-testid="cp-command-outcome"
          >
            {t(`commandLog.outcomes.${c.outcome}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('commandLog.status'),
      key: 'status',
      render: (_, c) => (c.status ? t(`answers.${c.status}`, { defaultValue: c.status }) : '—'),
    },
    {
      title: t('commandLog.error'),
      key: 'error',
      responsive: ['lg'],
      render: (_, c) =>
        c.error ? (
          <Typography.Text type="danger" style={{ maxWidth: 260 }} ellipsis={{ tooltip: c.error }}>
            {c.error}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('commandLog.request'),
      key: 'request',
      responsive: ['xl'],
      render: (_, c) => (
        <Typography.Text code style={{ maxWidth: 280 }} ellipsis>
          {requestSummary(c.request) || '—'}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Table<CommandRecord>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={commands.data?.items}
      loading={commands.isPending}
      data-testid="cp-command-history"
      expandable={{
        columnTitle: <HiddenTitle name="details" />,
        expandedRowRender: (c) => (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('commandLog.answeredAt')}>
              {c.answeredAt ? at(c.answeredAt) : '—'}
            </Descriptions.Item>
            {c.error && <Descriptions.Item label={t('commandLog.error')}>{c.error}</Descriptions.Item>}
            <Descriptions.Item label={t('commandLog.request')}>
              <JsonView value={c.request} testId="cp-command-request" />
            </Descriptions.Item>
            {c.answer && (
              <Descriptions.Item label={t('commandLog.answer')}>
                <JsonView value={c.answer} testId="cp-command-answer-json" />
              </Descriptions.Item>
            )}
          </Descriptions>
        ),
      }}
      locale={{ emptyText: t('commandLog.empty') }}
      pagination={useListPagination({ index, total: commands.data?.total ?? 0 }, setIndex)}
    />
  );
}
