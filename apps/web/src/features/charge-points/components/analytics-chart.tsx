import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { ChargePointAnalytics } from '@voltline/contract';
import { formatDate, formatNumber } from '../../../lib/format';
import { useThemeStore } from '../../../stores/theme-store';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const PALETTE = {
  light: { text: '#455560', axis: '#d9d9d9', split: '#f0f0f0' },
  dark: { text: '#c9d1d9', axis: '#434343', split: '#303030' },
};

/**
 * ECharts on a div: echarts-for-react 3.0.6 imports tslib without declaring it, which breaks the
 * build here, and the portal needs only init, setOption, resize and dispose.
 */
function EChart({ option, locale }: { option: echarts.EChartsCoreOption; locale: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const instance = echarts.init(ref.current, undefined, { locale });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [locale]);
  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, locale]);
  return <div ref={ref} style={{ height: 340, width: '100%' }} />;
}

/** Energy (bars) and sessions (line) per day, in the interface language and the current theme. */
export default function AnalyticsChart({ data }: { data: ChargePointAnalytics }) {
  const { t, i18n } = useTranslation('chargePoints');
  const mode = useThemeStore((s) => (s.currentTheme === 'dark' ? 'dark' : 'light'));
  const colors = PALETTE[mode];
  const lng = i18n.language;
  const energy = t('analytics.energyKwh');
  const sessions = t('analytics.sessions');
  const axis = {
    axisLabel: { color: colors.text },
    axisLine: { lineStyle: { color: colors.axis } },
    splitLine: { lineStyle: { color: colors.split } },
  };

  const option: echarts.EChartsCoreOption = {
    backgroundColor: 'transparent',
    color: ['#3e82f7', '#faad14'],
    textStyle: { color: colors.text },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? formatNumber(v, lng) : String(v)),
    },
    legend: { data: [energy, sessions], textStyle: { color: colors.text } },
    grid: { left: 56, right: 56, top: 48, bottom: 32 },
    xAxis: {
      type: 'category',
      data: data.byDay.map((d) => formatDate(d.day, 'date', lng)),
      ...axis,
    },
    yAxis: [
      {
        type: 'value',
        name: energy,
        nameTextStyle: { color: colors.text },
        ...axis,
        axisLabel: { color: colors.text, formatter: (v: number) => formatNumber(v, lng) },
      },
      {
        type: 'value',
        name: sessions,
        minInterval: 1,
        nameTextStyle: { color: colors.text },
        ...axis,
        axisLabel: { color: colors.text, formatter: (v: number) => formatNumber(v, lng) },
      },
    ],
    series: [
      {
        name: energy,
        type: 'bar',
        data: data.byDay.map((d) => Math.round(d.energyWh / 100) / 10),
        barMaxWidth: 28,
      },
      { name: sessions, type: 'line', yAxisIndex: 1, smooth: true, data: data.byDay.map((d) => d.sessions) },
    ],
  };

  return <EChart option={option} locale={lng === 'tr' ? 'TR' : 'EN'} />;
}
