import { Card, Col, Row, Statistic } from 'antd';
import { DollarOutlined, FieldTimeOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SessionPage } from '@voltline/contract';
import { formatKwh, formatMoney } from '../../../lib/billing-format';
import { formatNumber } from '../../../lib/format';

/** Sessions, energy and revenue of everything the filter matches (not only this page). */
export function SessionTotals({
  totals,
  currency,
  loading,
}: {
  totals: SessionPage['totals'] | undefined;
  currency: string;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation('sessions');
  const lng = i18n.language;
  const cards = [
    {
      key: 'sessions',
      icon: <FieldTimeOutlined />,
      color: '#3e82f7',
      value: totals ? formatNumber(totals.sessions, lng) : '—',
    },
    {
      key: 'energy',
      icon: <ThunderboltOutlined />,
      color: '#f59e0b',
      value: totals ? formatKwh(totals.energyWh, lng) : '—',
    },
    {
      key: 'revenue',
      icon: <DollarOutlined />,
      color: '#10b981',
      value: totals ? formatMoney(totals.revenue, currency, lng) : '—',
    },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map((c) => (
        <Col xs={24} md={8} key={c.key}>
          <Card loading={loading && !totals} data-testid={`session-total-${c.key}`}>
            <Statistic
              title={t(`totals.${c.key}`)}
              value={c.value}
              prefix={<span style={{ color: c.color, marginInlineEnd: 4 }}>{c.icon}</span>}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
