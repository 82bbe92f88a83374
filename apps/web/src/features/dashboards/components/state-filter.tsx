import { Badge, Flex, Select } from 'antd';
import type { MapPoint } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { MAP_STATES, STATE_COLORS, type MapState } from '../lib/colors';

export function StateFilter({
  value,
  onChange,
}: {
  value: MapState | undefined;
  onChange: (state: MapState | undefined) => void;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <Select
      allowClear
      style={{ width: 180 }}
      placeholder={t('filters.allStates')}
      aria-label={t('filters.state')}
      value={value}
      onChange={(state?: MapState) => onChange(state)}
      options={MAP_STATES.map((s) => ({
        value: s,
        label: <Badge color={STATE_COLORS[s]} text={t(`state.${s}`)} />,
        title: t(`state.${s}`),
      }))}
      data-testid="map-state"
    />
  );
}

/** The colour key, with how many of the shown points are in each state. */
export function StateLegend({ points }: { points: MapPoint[] }) {
  const { t } = useTranslation('dashboards');
  return (
    <Flex gap={16} wrap data-testid="map-legend">
      {MAP_STATES.map((s) => (
        <Badge
          key={s}
          color={STATE_COLORS[s]}
          text={`${t(`state.${s}`)}: ${formatNumber(points.filter((p) => p.state === s).length)}`}
        />
      ))}
    </Flex>
  );
}
