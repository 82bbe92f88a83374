import { lazy, Suspense, useState } from 'react';
import { Card, Segmented, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupPower } from '../api/get-group-power';

const PowerChart = lazy(() => import('./power-chart'));
const RANGES = [1, 6, 24] as const;

/** The group's power against its limit over the last hours; the chart library loads only here. */
export function PowerCard({ groupId }: { groupId: number }) {
  const { t } = useTranslation('smartCharging');
  const [hours, setHours] = useState<number>(1);
  const power = useGroupPower(groupId, hours);
  return (
    <Card
      title={t('chart.title')}
      style={{ marginBottom: 16 }}
      extra={
        <Segmented
          aria-label={t('chart.range')}
          value={hours}
          onChange={(v) => setHours(Number(v))}
          options={RANGES.map((h) => ({ value: h, label: t('chart.hours', { count: h }) }))}
        />
      }
    >
      {power.data ? (
        <Suspense fallback={<Spin />}>
          <PowerChart
            samples={power.data}
            from={power.dataUpdatedAt - hours * 3_600_000}
            to={power.dataUpdatedAt}
          />
        </Suspense>
      ) : (
        <Spin spinning={power.isPending} />
      )}
    </Card>
  );
}
