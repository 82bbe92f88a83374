import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, Col, Empty, Flex, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatNumber } from '../../../lib/format';
import { useChargePointAnalytics } from '../api/get-analytics';
import { formatMoney } from '../../../lib/billing-format';
import { UptimeCard } from './uptime-card';

// ECharts loads with this tab, not with the detail page.
const AnalyticsChart = lazy(() => import('./analytics-chart'));

const PERIODS = [7, 30, 90] as const;

export function AnalyticsTab({ id, chargePointId }: { id: number; chargePointId: string }) {
  const { t, i18n } = useTranslation('chargePoints');
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const { from, to } = useMemo(() => {
    const end = dayjs().endOf('day');
    return { from: end.subtract(days, 'day').startOf('day').toISOString(), to: end.toISOString() };
  }, [days]);
  const analytics = useChargePointAnalytics(chargePointId, from, to);
  const d = analytics.data;
  const lng = i18n.language;
  const num = (v: number, digits = 0) =>
    new Intl.NumberFormat(lng, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);

  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Segmented
          value={days}
          onChange={(v) => setDays(v)}
          options={PERIODS.map((p) => ({ value: p, label: t('analytics.lastDays', { count: p }) }))}
        />
      </Flex>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} lg={6}>
          <Card loading={analytics.isPending}>
            <Statistic title={t('analytics.sessions')} value={d ? formatNumber(d.sessions, lng) : '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={analytics.isPending}>
            <Statistic title={t('analytics.energyKwh')} value={d ? num(d.energyWh / 1000, 1) : '—'} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={analytics.isPending}>
            <Statistic
              title={t('analytics.revenue')}
              value={d ? formatMoney(d.revenue, d.currency, lng) : '—'}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={analytics.isPending}>
            <Statistic
              title={t('analytics.uptime')}
              value={
                d
                  ? new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(
                      d.uptime,
                    )
                  : '—'
              }
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('analytics.byDay')} data-testid="cp-analytics-chart">
        {d && d.byDay.length > 0 ? (
          <Suspense fallback={<Skeleton active />}>
            <AnalyticsChart data={d} />
          </Suspense>
        ) : analytics.isPending ? (
          <Skeleton active />
        ) : (
          <Empty description={t('analytics.empty')} />
        )}
      </Card>
      <UptimeCard id={id} from={from} to={to} />
    </>
  );
}
