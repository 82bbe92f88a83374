import { Button, Flex, Tooltip, Typography } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/** When the figures on screen were fetched, and a button to fetch them now. */
export function UpdatedAt({
  at,
  fetching,
  failed,
  onRefresh,
}: {
  at: number;
  fetching: boolean;
  failed: boolean;
  onRefresh: () => void;
}) {
  const { t, i18n } = useTranslation('dashboards');
  const time = at ? formatDate(at, 'timeSeconds', i18n.language) : '';
  return (
    <Flex align="center" gap={4}>
      {at > 0 && (
        <Typography.Text type={failed ? 'warning' : 'secondary'} data-testid="dashboard-updated-at">
          {failed && <WarningOutlined style={{ marginInlineEnd: 4 }} />}
          {failed ? t('refresh.failed', { time }) : t('refresh.updatedAt', { time })}
        </Typography.Text>
      )}
      <Tooltip title={t('refresh.now')}>
        <Button
          type="text"
          aria-label={t('refresh.now')}
          icon={<ReloadOutlined spin={fetching} />}
          onClick={onRefresh}
        />
      </Tooltip>
    </Flex>
  );
}
