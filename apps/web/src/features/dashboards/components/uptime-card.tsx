import { Card, Flex, Progress, Typography } from 'antd';
import type { Analytics } from '@voltline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UPTIME_PATH } from '../paths';
import { STATE_COLORS } from '../lib/colors';
import { percent } from '../lib/figures';
import { RankedList } from './ranked-list';

/** Average share of the range the charge points were connected, and the ten least connected. */
export function UptimeCard({
  uptime,
  loading,
}: {
  uptime: Analytics['uptime'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('dashboards');
  const average = uptime?.average ?? 0;
  return (
    <Card
      title={t('analytics.uptime')}
      extra={<Link to={UPTIME_PATH}>{t('analytics.uptimeReport')}</Link>}
      loading={loading}
      style={{ height: '100%' }}
      data-testid="uptime"
    >
      <Flex align="center" gap={16} style={{ marginBottom: 16 }}>
        <Progress
          type="dashboard"
          size={96}
          percent={average * 100}
          strokeColor={average < 0.9 ? STATE_COLORS.faulted : STATE_COLORS.available}
          format={() => percent(average)}
          aria-label={t('analytics.uptimeAverage')}
        />
        <div>
          <Typography.Text strong>{t('analytics.uptimeAverage')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('analytics.uptimeHelp')}</Typography.Text>
        </div>
      </Flex>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('analytics.uptimeLowest')}
      </Typography.Title>
      <RankedList
        items={uptime?.lowest ?? []}
        color={STATE_COLORS.offline}
        barLabel={(name) => t('analytics.uptimeOf', { name })}
        testId="uptime-lowest"
      />
    </Card>
  );
}
