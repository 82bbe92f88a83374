import { useState } from 'react';
import { Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConnectionEvent } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { closeAside, closeWords } from '../../../lib/ocpp-words';
import { useConnections } from '../api/get-connections';
import { useListPagination } from '../../../components/list-table/pagination';

/** When the charger connected and dropped, newest first. */
export function ConnectionHistory({ id }: { id: number }) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const events = useConnections(id, index);
  const columns: TableColumnsType<ConnectionEvent> = [
    { title: t('history.at'), key: 'at', render: (_, e) => <bdi>{formatDateTime(e.at)}</bdi> },
    {
      title: t('history.event'),
      key: 'event',
      render: (_, e) => (
        <Tag color={e.event === 'connected' ? 'success' : 'default'}>{t(`history.events.${e.event}`)}</Tag>
      ),
    },
    { title: t('history.address'), key: 'addr', render: (_, e) => e.remoteAddress ?? '—' },
    {
      title: t('history.detail'),
      key: 'detail',
      render: (_, e) => {
        const words = closeWords(tc, e);
        const aside = closeAside(tc, e);
        return aside ? (
          <Tooltip title={aside}>
            <span data-testid="close-words">{words}</span>
          </Tooltip>
        ) : (
          (words ?? '—')
        );
      },
    },
  ];
  return (
    <Table<ConnectionEvent>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={events.data?.items}
      loading={events.isPending}
      data-testid="cp-connections"
      pagination={useListPagination({ index, total: events.data?.total ?? 0 }, setIndex)}
    />
  );
}
