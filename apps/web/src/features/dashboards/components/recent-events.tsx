import type { CSSProperties, ReactNode } from 'react';
import { Empty, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { Link } from 'react-router';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { closeAside, closeWords, faultAside, faultWords } from '../../../lib/ocpp-words';
import { chargePointPath } from '../paths';

type Event = Analytics['recentEvents'][number];

/**
 * The latest faults and disconnections, newest first, each linking to its charge point. A few
 * rows without sorting or paging: a plain table styled with the theme's tokens, which keeps the
 * table component (about 35 KB on the wire) out of the dashboard's first load.
 */
export function RecentEvents({ events, loading }: { events: Event[] | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboards');
  const { t: tc } = useTranslation('common');
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: `${token.paddingXS}px ${token.paddingXS}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'start',
    verticalAlign: 'top',
  };
  const head: CSSProperties = {
    ...cell,
    background: token.colorFillAlter,
    fontWeight: token.fontWeightStrong,
  };
  const columns: { key: string; title: string; width?: number; render: (e: Event) => ReactNode }[] = [
    { key: 'at', title: t('events.time'), width: 180, render: (e) => formatDateTime(e.at) },
    {
      key: 'kind',
      title: t('events.kind'),
      width: 150,
      render: (e) => <Tag color={e.kind === 'fault' ? 'red' : 'default'}>{t(`events.${e.kind}`)}</Tag>,
    },
    {
      key: 'chargePoint',
      title: t('events.chargePoint'),
      render: (e) => (
        <>
          <Link to={chargePointPath(e.chargePointId)}>{e.name}</Link>{' '}
          <Typography.Text type="secondary">{e.chargePointId}</Typography.Text>
        </>
      ),
    },
    {
      key: 'detail',
      title: t('events.detail'),
      render: (e) => {
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
  const rows = events ?? [];
  return (
    <div data-testid="recent-events">
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? ' ' : t('analytics.noEvents')} />
        ) : (
          <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: token.fontSize }}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" style={{ ...head, width: c.width }}>
                    {c.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  {columns.map((c) => (
                    <td key={c.key} style={cell}>
                      {c.render(e)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Spin>
    </div>
  );
}
