import { Empty, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { percent } from '../lib/figures';
import { chargePointPath } from '../paths';

type Ranked = Analytics['utilisation']['top'];

/**
 * Charge points with a 0..1 figure each, as labelled bars linking to the charge point. `barLabel`
 * names a bar for screen readers ("Utilisation of İstanbul Levent #1").
 */
export function RankedList({
  items,
  color,
  barLabel,
  testId,
}: {
  items: Ranked;
  color: string;
  barLabel: (name: string) => string;
  testId: string;
}) {
  const { t } = useTranslation('dashboards');
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.noData')} />;
  return (
    <Flex vertical gap={6} data-testid={testId}>
      {items.map((item) => (
        <div key={item.id}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text ellipsis style={{ minWidth: 0 }}>
              <Link to={chargePointPath(item.chargePointId)}>{item.name}</Link>{' '}
              <Typography.Text type="secondary">{item.chargePointId}</Typography.Text>
            </Typography.Text>
            <Typography.Text strong>{percent(item.value)}</Typography.Text>
          </Flex>
          <Progress
            percent={item.value * 100}
            showInfo={false}
            strokeColor={color}
            size="small"
            aria-label={barLabel(item.name)}
          />
        </div>
      ))}
    </Flex>
  );
}
