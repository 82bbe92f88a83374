import { Col, Flex, Row } from 'antd';
import type { Analytics, Figures } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/billing-format';
import { formatNumber } from '../../../lib/format';
import { kwh } from '../lib/figures';
import { ChangeTag } from './change-tag';
import { StatCard } from './stat-card';

/**
 * Revenue is summed in minor units without a currency; the network's tariffs default to lira,
 * so that is what is shown until the API says which currency the sum is in.
 */
const CURRENCY = 'TRY';

const FIGURES: { key: keyof Figures; label: string; format: (v: number) => string }[] = [
  { key: 'sessions', label: 'analytics.sessions', format: (v) => formatNumber(v) },
  { key: 'energyWh', label: 'analytics.energy', format: (v) => kwh(v) },
  { key: 'revenue', label: 'analytics.revenue', format: (v) => formatMoney(v, CURRENCY) },
];

/** Sessions, energy and revenue over the range, today's share, and the change against the previous range. */
export function FigureCards({ data, loading }: { data: Analytics | undefined; loading: boolean }) {
  const { t } = useTranslation('dashboards');
  return (
    <Row gutter={[16, 16]}>
      {FIGURES.map(({ key, label, format }) => (
        <Col key={key} xs={24} md={8}>
          <StatCard
            testId={`stat-${key}`}
            title={t(label)}
            value={data?.range[key] ?? 0}
            format={format}
            loading={loading && !data}
            footer={
              data && (
                <Flex vertical gap={2}>
                  <ChangeTag current={data.range[key]} previous={data.previousRange[key]} />
                  <span data-testid={`stat-${key}-today`}>
                    {t('analytics.today', { value: format(data.today[key]) })}
                  </span>
                </Flex>
              )
            }
          />
        </Col>
      ))}
    </Row>
  );
}
