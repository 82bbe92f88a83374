import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { relativeTime } from '../partner-words';

/** "5 minutes ago", with the exact time on hover; "never" before the first exchange. */
export function LastExchange({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation('roaming');
  if (!at) return <Typography.Text type="secondary">{t('fields.never')}</Typography.Text>;
  return (
    <Tooltip title={formatDateTime(at)}>
      <span>{relativeTime(at, Date.now(), i18n.language)}</span>
    </Tooltip>
  );
}
