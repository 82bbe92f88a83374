import { Suspense, type ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/** A card whose chart code arrives on its own (echarts is only fetched for the dashboard). */
export function ChartCard({
  title,
  empty,
  loading,
  testId,
  children,
}: {
  title: ReactNode;
  empty?: boolean;
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboards');
  const skeleton = <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Card title={title} style={{ height: '100%' }} data-testid={testId}>
      {loading ? (
        skeleton
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.noData')} />
      ) : (
        <Suspense fallback={skeleton}>{children}</Suspense>
      )}
    </Card>
  );
}
