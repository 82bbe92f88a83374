import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@voltline/contract';
import { STATE_COLORS } from '../alert-words';

/** Open in red, acknowledged in orange, resolved in green; "cleared by itself" when no one resolved it. */
export function AlertStateTag({ alert }: { alert: Pick<Alert, 'state' | 'resolution'> }) {
  const { t } = useTranslation('alerts');
  const label =
    alert.state === 'resolved' && alert.resolution === 'cleared'
      ? t('state.cleared')
      : t(`state.${alert.state}`);
  return (
    <Tag color={STATE_COLORS[alert.state]} data-testid="alert-state">
      {label}
    </Tag>
  );
}
