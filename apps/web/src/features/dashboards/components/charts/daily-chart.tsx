// The ESM build: its default export is the component (the CommonJS one arrives as a module object).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import dayjs from 'dayjs';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { echarts, useChartStyle } from './echarts';

/** Sessions per day as bars and energy per day as a line on its own axis. */
export default function DailyChart({ days }: { days: Analytics['perDay'] }) {
  const { t } = useTranslation('dashboards');
  const style = useChartStyle();
  const sessions = t('analytics.sessions');
  const energy = t('analytics.energy');
  const option = {
    ...style.base,
    color: [style.primary, style.accent],
    tooltip: {
      ...style.base.tooltip,
      trigger: 'axis',
      valueFormatter: style.number,
    },
    legend: { ...style.base.legend, data: [sessions, energy], top: 0 },
    grid: { left: 8, right: 8, top: 56, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => dayjs(d.day).format('D MMM')), ...style.axis },
    yAxis: [
      {
        type: 'value',
        name: sessions,
        minInterval: 1,
        ...style.axis,
        axisLabel: { ...style.axis.axisLabel, formatter: style.number },
      },
      {
        type: 'value',
        name: energy,
        ...style.axis,
        splitLine: { show: false },
        axisLabel: { ...style.axis.axisLabel, formatter: style.number },
      },
    ],
    series: [
      { name: sessions, type: 'bar', barMaxWidth: 28, data: days.map((d) => d.sessions) },
      {
        name: energy,
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        symbolSize: 6,
        data: days.map((d) => Math.round(d.energyWh / 100) / 10),
      },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 300 }} />;
}
