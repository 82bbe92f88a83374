import { useEffect, useMemo, useRef } from 'react';
import { Empty } from 'antd';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { MeterPoint } from '@voltline/contract';
import { useThemeStore } from '../../../stores/theme-store';
import { formatDate, formatNumber } from '../../../lib/format';
import { chartData } from '../chart-data';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

const COLORS = { energy: '#3e82f7', power: '#f59e0b', soc: '#10b981' };

/**
 * ECharts on a div (echarts-for-react imports tslib without declaring it, which breaks the
 * build). A new theme or language needs a new instance; options are replaced, not merged.
 */
function EChart({
  option,
  dark,
  label,
}: {
  option: echarts.EChartsCoreOption;
  dark: boolean;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;
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
  }, [dark]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      style={{ height: 320, width: '100%' }}
      data-testid="meter-chart"
    />
  );
}

/** Energy and power over the session, and the battery's state of charge when the car reports it. */
export default function MeterChart({ points, meterStartWh }: { points: MeterPoint[]; meterStartWh: number }) {
  const { t, i18n } = useTranslation('sessions');
  const dark = useThemeStore((s) => s.currentTheme === 'dark');
  const lng = i18n.language;
  const data = useMemo(() => chartData(points, meterStartWh), [points, meterStartWh]);
  const hasSoc = data.soc.length > 0;
  const times = points.map((p) => Date.parse(p.at));
  const spanMs = times.length > 1 ? Math.max(...times) - Math.min(...times) : 0;

  const option = useMemo<echarts.EChartsCoreOption>(() => {
    const num = (v: number, digits: number) => formatNumber(Number(v.toFixed(digits)), lng);
    const names = { energy: t('chart.energy'), power: t('chart.power'), soc: t('chart.soc') };
    const units: Record<string, string> = { [names.energy]: 'kWh', [names.power]: 'kW', [names.soc]: '%' };
    return {
      backgroundColor: 'transparent',
      color: [COLORS.energy, COLORS.power, COLORS.soc],
      grid: { left: 56, right: hasSoc ? 96 : 56, top: 48, bottom: 56 },
      legend: { top: 0 },
      tooltip: {
        trigger: 'axis',
        formatter: (params: { seriesName: string; value: [number, number]; marker: string }[]) => {
          const first = params[0];
          if (!first) return '';
          const lines = params.map(
            (p) => `${p.marker}${p.seriesName}: <b>${num(p.value[1], 2)} ${units[p.seriesName] ?? ''}</b>`,
          );
          return [formatDate(first.value[0], 'dateTimeSeconds', lng), ...lines].join('<br/>');
        },
      },
      xAxis: {
        type: 'time',
        // Short sessions need seconds to tell the ticks apart.
        axisLabel: {
          formatter: (v: number) => formatDate(v, spanMs < 3_600_000 ? 'timeSeconds' : 'time', lng),
          hideOverlap: true,
        },
      },
      yAxis: [
        { type: 'value', name: 'kWh', position: 'left', axisLabel: { formatter: (v: number) => num(v, 2) } },
        {
          type: 'value',
          name: 'kW',
          position: 'right',
          splitLine: { show: false },
          axisLabel: { formatter: (v: number) => num(v, 1) },
        },
        ...(hasSoc
          ? [
              {
                type: 'value',
                name: '%',
                min: 0,
                max: 100,
                position: 'right',
                offset: 48,
                splitLine: { show: false },
                axisLabel: { formatter: (v: number) => num(v, 0) },
              },
            ]
          : []),
      ],
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series: [
        {
          name: names.energy,
          type: 'line',
          showSymbol: false,
          smooth: true,
          areaStyle: { opacity: 0.12 },
          yAxisIndex: 0,
          data: data.energy,
        },
        { name: names.power, type: 'line', showSymbol: false, step: 'end', yAxisIndex: 1, data: data.power },
        ...(hasSoc
          ? [{ name: names.soc, type: 'line', showSymbol: false, yAxisIndex: 2, data: data.soc }]
          : []),
      ],
    };
  }, [data, hasSoc, lng, spanMs, t]);

  if (points.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} style={{ padding: 32 }} />
    );

  return <EChart option={option} dark={dark} label={t('chart.title')} />;
}
