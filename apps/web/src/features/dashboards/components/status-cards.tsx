import { Col, Row } from 'antd';
import { ApiOutlined, DisconnectOutlined, ThunderboltOutlined, WarningOutlined } from '@ant-design/icons';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { STATE_COLORS } from '../lib/colors';

import { StatCard } from './stat-card';

/** What the network looks like right now: connection states and sessions in progress. */
export function StatusCards({ data, loading }: { data: Analytics | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboards');
  const cps = data?.chargePoints;
  const ofTotal = cps ? t('analytics.ofTotal', { count: cps.total }) : undefined;
  const cards = [
    {
      id: 'stat-online',
      title: t('analytics.online'),
      value: cps?.online,
      color: STATE_COLORS.available,
      icon: <ApiOutlined />,
      footer: ofTotal,
    },
    {
      id: 'stat-offline',
      title: t('analytics.offline'),
      value: cps?.offline,
      color: STATE_COLORS.offline,
      icon: <DisconnectOutlined />,
      footer: ofTotal,
    },
    {
      id: 'stat-faulted',
      title: t('analytics.faulted'),
      value: cps?.faulted,
      color: STATE_COLORS.faulted,
      icon: <WarningOutlined />,
      footer: ofTotal,
    },
    {
      id: 'stat-active-sessions',
      title: t('analytics.activeSessions'),
      value: data?.activeSessions,
      color: STATE_COLORS.charging,
      icon: <ThunderboltOutlined />,
      footer: t('analytics.chargingNow'),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.id} xs={24} sm={12} xl={6}>
          <StatCard
            testId={c.id}
            title={c.title}
            value={c.value ?? 0}
            color={c.color}
            icon={c.icon}
            footer={c.footer}
            loading={loading && !data}
          />
        </Col>
      ))}
    </Row>
  );
}
