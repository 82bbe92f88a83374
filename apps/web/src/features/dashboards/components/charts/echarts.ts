import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';

// Only the chart types the dashboard draws, so the charts chunk stays small; it is loaded by
// the chart components alone, which the analytics page loads lazily.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };

/** Colours and number formatting of the current Ant Design theme and interface language. */
export function useChartStyle() {
  const { token } = theme.useToken();
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const text = token.colorTextSecondary;
  return {
    lng,
    number: (v: unknown) => (typeof v === 'number' ? formatNumber(v, lng) : String(v)),
    base: {
      backgroundColor: 'transparent',
      textStyle: { color: text, fontFamily: token.fontFamily },
      legend: { textStyle: { color: text } },
      tooltip: {
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText },
      },
    },
    axis: {
      axisLabel: { color: text },
      axisLine: { lineStyle: { color: token.colorBorder } },
      splitLine: { lineStyle: { color: token.colorBorderSecondary } },
      nameTextStyle: { color: text },
    },
    surface: token.colorBgContainer,
    primary: token.colorPrimary,
    accent: token.colorWarning,
  };
}
