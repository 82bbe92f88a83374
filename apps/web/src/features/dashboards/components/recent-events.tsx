import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { closeAside, closeWords, faultAside, faultWords } from '../../../lib/ocpp-words';
import { chargePointPath } from '../paths';

type Event = Analytics['recentEvents'][number];

/** The latest faults and disconnections, newest first, each linking to its charge point. */
export function RecentEvents({ events, loading }: { events: Event[] | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboards');
  const { t: tc } = useTranslation('common');
  const columns: ColumnsType<Event> = [
    { key: 'at', title: t('events.time'), width: 180, render: (_, e) => formatDateTime(e.at) },
    {
      key: 'kind',
      title: t('events.kind'),
      width: 150,
      render: (_, e) => <Tag color={e.kind === 'fault' ? 'red' : 'default'}>{t(`events.${e.kind}`)}</Tag>,
    },
    {
      key: 'chargePoint',
      title: t('events.chargePoint'),
      render: (_, e) => (
        <>
          <Link to={chargePointPath(e.chargePointId)}>{e.name}</Link>{' '}
          <Typography.Text type="secondary">{e.chargePointId}</Typography.Text>
        </>
      ),
    },
    {
      key: 'detail',
      title: t('events.detail'),
      render: (_, e) => {
        const words = e.kind === 'fault' ? faultWords(tc, e) : (closeWords(tc, e) ?? '');
        const aside = e.kind === 'fault' ? faultAside(tc, e) : closeAside(tc, e);
        return aside ? (
          <Tooltip title={aside}>
            <span data-testid="event-words">{words}</span>
          </Tooltip>
        ) : (
          <span data-testid="event-words">{words}</span>
        );
      },
    },
  ];
  return (
    <Table<Event>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={events}
      loading={loading}
      pagination={false}
      scroll={{ x: 640 }}
      locale={{ emptyText: t('analytics.noEvents') }}
      data-testid="recent-events"
    />
  );
}
