import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';

/** On, failing since…, switched off by staff, or switched off by Voltline after a day of failures: in words. */
export function EndpointState({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  if (!e.enabled && e.disabledReason === 'failing') {
    return (
      <Tooltip title={t('state.switchedOffHelp')}>
        <Tag color="red" data-testid="webhook-state">
          {t('state.switchedOff', { at: e.disabledAt ? formatDateTime(e.disabledAt) : '' })}
        </Tag>
      </Tooltip>
    );
  }
  if (!e.enabled) return <Tag data-testid="webhook-state">{t('state.off')}</Tag>;
  if (e.failingSince) {
    return (
      <Tag color="orange" data-testid="webhook-state">
        {t('state.failing', { since: formatDateTime(e.failingSince) })}
      </Tag>
    );
  }
  return (
    <Tag color="green" data-testid="webhook-state">
      {t('state.on')}
    </Tag>
  );
}
