import { Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useStaleRule } from '../api/get-stale-rule';

/** The server closes sessions whose charger went silent; operators should know when and how. */
export function StaleRuleNote() {
  const { t, i18n } = useTranslation('sessions');
  const rule = useStaleRule();
  if (!rule.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="stale-rule">
      <InfoCircleOutlined style={{ marginInlineEnd: 6 }} />
      {t('staleRule', {
        count: rule.data.hours,
        hours: formatNumber(rule.data.hours, i18n.language),
        reason: t(`stopReasons.${rule.data.stopReason}`, { defaultValue: rule.data.stopReason }),
      })}
    </Typography.Text>
  );
}
