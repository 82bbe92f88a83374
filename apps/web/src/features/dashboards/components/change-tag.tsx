import { Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeOf } from '../lib/change';
import { changePercent } from '../lib/figures';

const ICONS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, flat: <MinusOutlined /> };
const TYPES = { up: 'success', down: 'danger', flat: 'secondary' } as const;

/** ↑ 12.5% / ↓ 3% against the previous range of the same length. */
export function ChangeTag({ current, previous }: { current: number; previous: number }) {
  const { t } = useTranslation('dashboards');
  const { trend, ratio } = changeOf(current, previous);
  return (
    <Typography.Text type={TYPES[trend]} data-testid="change" data-trend={trend}>
      <span role="img" aria-label={t(`analytics.trend.${trend}`)}>
        {ICONS[trend]}
      </span>{' '}
      {ratio === null
        ? t('analytics.noPrevious')
        : `${changePercent(ratio)} ${t('analytics.versusPrevious')}`}
    </Typography.Text>
  );
}
