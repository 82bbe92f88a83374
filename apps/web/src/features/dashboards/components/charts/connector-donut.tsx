// The ESM build: its default export is the component (the CommonJS one arrives as a module object).
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { connectorColor } from '../../lib/colors';
import { echarts, useChartStyle } from './echarts';

/** Connectors by spec §4 status, in the status colours, with the total in the middle. */
export default function ConnectorDonut({ connectors }: { connectors: Analytics['connectors'] }) {
  const { t } = useTranslation('dashboards');
  const style = useChartStyle();
  const total = connectors.reduce((sum, c) => sum + c.count, 0);
  const option = {
    ...style.base,
    tooltip: { ...style.base.tooltip, trigger: 'item', valueFormatter: style.number },
    legend: { ...style.base.legend, bottom: 0, type: 'scroll' },
    series: [
      {
        name: t('analytics.connectorsTotal'),
        type: 'pie',
        radius: ['48%', '72%'],
        center: ['50%', '44%'],
        itemStyle: { borderColor: style.surface, borderWidth: 2 },
        label: {
          show: true,
          position: 'center',
          formatter: () => `{n|${style.number(total)}}\n${t('analytics.connectorsTotal')}`,
          color: style.base.textStyle.color,
          lineHeight: 20,
          rich: {
            n: { fontSize: 26, lineHeight: 34, fontWeight: 600, color: style.base.tooltip.textStyle.color },
          },
        },
        labelLine: { show: false },
        data: connectors.map((c) => ({
          name: t(`connectorStatus.${c.status}`, { defaultValue: c.status }),
          value: c.count,
          itemStyle: { color: connectorColor(c.status) },
        })),
      },
    ],
  };
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 300 }} />;
}
