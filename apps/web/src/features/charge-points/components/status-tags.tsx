import { Badge, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorCodeWords } from '../../../lib/ocpp-words';
import { statusColor } from '../status';

export function ConnectorStatusTag({
  status,
  errorCode,
}: {
  status: string | null;
  errorCode?: string | null;
}) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  if (!status) return <Tag>{t('status.Unknown')}</Tag>;
  const tag = (
    <Tag color={statusColor(status)} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
  return errorCode && errorCode !== 'NoError' ? (
    <Tooltip title={t('fields.errorCode', { error: errorCodeWords(tc, errorCode) })}>{tag}</Tooltip>
  ) : (
    tag
  );
}

export function ConnectionTag({ connection }: { connection: 'Connected' | 'Disconnected' }) {
  const { t } = useTranslation('chargePoints');
  const connected = connection === 'Connected';
  return (
    <Tag color={connected ? 'success' : 'default'} data-connection={connection}>
      <Badge status={connected ? 'processing' : 'default'} style={{ marginInlineEnd: 6 }} />
      {t(`connection.${connection}`)}
    </Tag>
  );
}

export function RegistrationTag({ status }: { status: 'accepted' | 'pending' | 'rejected' }) {
  const { t } = useTranslation('chargePoints');
  const color = status === 'accepted' ? 'success' : status === 'pending' ? 'warning' : 'error';
  return <Tag color={color}>{t(`registration.${status}`)}</Tag>;
}

/** A connector in a list: its number on its status colour, the status in the tooltip. */
export function ConnectorBadge({ connectorId, status }: { connectorId: number; status: string | null }) {
  const { t } = useTranslation('chargePoints');
  const label = t(`status.${status ?? 'Unknown'}`, { defaultValue: status ?? '' });
  return (
    <Tooltip title={t('list.connectorStatus', { connectorId, status: label })}>
      <Tag
        color={status ? statusColor(status) : undefined}
        style={{ marginInlineEnd: 0, minWidth: 26, textAlign: 'center' }}
        data-testid={`cp-connector-${connectorId}`}
        data-status={status ?? 'Unknown'}
        aria-label={t('list.connectorStatus', { connectorId, status: label })}
      >
        {connectorId}
      </Tag>
    </Tooltip>
  );
}
