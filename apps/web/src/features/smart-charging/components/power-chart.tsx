import { useEffect, useMemo, useRef } from 'react';
import { Empty } from 'antd';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { GroupPowerSample } from '@voltline/contract';
import { formatDate, formatNumber } from '../../../lib/format';
import { useThemeStore } from '../../../stores/theme-store';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const COLORS = { limit: '#ef4444', allocated: '#3e82f7', measured: '#10b981' };

/**
 * The group's limit, what was given out and what was measured, in kW over time. Loaded on its own
 * (React.lazy) so ECharts stays out of every other screen's bundle. A new theme needs a new
 * instance; options are replaced, not merged.
 */
export default function PowerChart({
  samples,
  from,
  to,
}: {
  samples: GroupPowerSample[];
  /** The time range asked for (ms), which the time axis spans even where samples are few. */
  from: number;
  to: number;
}) {
  const { t, i18n } = useTranslation('smartCharging');
  const lng = i18n.language;
  const dark = useThemeStore((s) => s.currentTheme === 'dark');
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  const option = useMemo<echarts.EChartsCoreOption>(() => {
    const kw = (w: number) => Math.round(w / 100) / 10;
    // A few samples (a new group) would be invisible as bare lines: they are drawn as points too.
    const showSymbol = samples.length < 30;
    const series = (key: 'limitW' | 'allocatedW' | 'measuredW') =>
      samples.map((s) => [Date.parse(s.at), kw(s[key])] as [number, number]);
    return {
      backgroundColor: 'transparent',
      color: [COLORS.limit, COLORS.allocated, COLORS.measured],
      grid: { left: 56, right: 24, top: 48, bottom: 32 },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        formatter: (params: { seriesName: string; value: [number, number]; marker: string }[]) => {
          const first = params[0];
          if (!first) return '';
          const lines = params.map(
            (p) => `${p.marker}${p.seriesName}: <b>${formatNumber(p.value[1], lng)} kW</b>`,
          );
          return [formatDate(first.value[0], 'dateTimeSeconds', lng), ...lines].join('<br/>');
        },
      },
      xAxis: {
        type: 'time',
        min: from,
        max: to,
        axisLabel: { formatter: (v: number) => formatDate(v, 'time', lng), hideOverlap: true },
      },
      yAxis: { type: 'value', name: 'kW', axisLabel: { formatter: (v: number) => formatNumber(v, lng) } },
      series: [
        {
          name: t('chart.limit'),
          type: 'line',
          step: 'end',
          showSymbol,
          lineStyle: { type: 'dashed' },
          data: series('limitW'),
        },
        {
          name: t('chart.allocated'),
          type: 'line',
          step: 'end',
          showSymbol,
          data: series('allocatedW'),
        },
        {
          name: t('chart.measured'),
          type: 'line',
          showSymbol,
          areaStyle: { opacity: 0.12 },
          data: series('measuredW'),
        },
      ],
    };
  }, [samples, from, to, lng, t]);

  const latest = useRef(option);
  latest.current = option;
  const empty = samples.length === 0;

  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, dark ? 'dark' : undefined);
    instance.setOption(latest.current, { notMerge: true });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [dark, empty]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  if (empty)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} style={{ padding: 32 }} />
    );
  return (
    <div
      ref={ref}
      role="img"
      aria-label={t('chart.label')}
      style={{ height: 300, width: '100%' }}
      data-testid="sc-power-chart"
    />
  );
}
