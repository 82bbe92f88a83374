import type { ReactNode } from 'react';
import { Card, Flex, Statistic, Typography } from 'antd';
import { formatNumber } from '../../../lib/format';

/** One figure with its title, an optional icon colour and a line of context beneath. */
export function StatCard({
  title,
  value,
  format = formatNumber,
  color,
  icon,
  footer,
  testId,
  loading,
}: {
  title: ReactNode;
  value: number;
  format?: (value: number) => string;
  color?: string;
  icon?: ReactNode;
  footer?: ReactNode;
  testId: string;
  loading?: boolean;
}) {
  return (
    <Card loading={loading} style={{ height: '100%' }} data-testid={testId}>
      <Flex justify="space-between" align="start" gap={8}>
        <Statistic
          title={title}
          value={value}
          formatter={(v) => <span data-testid={`${testId}-value`}>{format(Number(v))}</span>}
          styles={{ content: color ? { color } : undefined }}
        />
        {icon && <span style={{ fontSize: 28, color, opacity: 0.85 }}>{icon}</span>}
      </Flex>
      {footer && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {footer}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
