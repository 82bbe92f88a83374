import { Flex, Tag, Tooltip, Typography } from 'antd';
import {
  AuditOutlined,
  CheckCircleOutlined,
  CloseCircleOutlined,
  CreditCardOutlined,
  StopOutlined,
  SyncOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';
import { reasonKeys } from '../review-rules';

const LOOK: Record<Session['state'], { color: string; icon: React.ReactNode }> = {
  active: { color: 'processing', icon: <SyncOutlined spin /> },
  completed: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
  refused: { color: 'warning', icon: <StopOutlined /> },
  review: { color: 'warning', icon: <AuditOutlined /> },
};

export function SessionStateTag({ state }: { state: Session['state'] }) {
  const { t } = useTranslation('sessions');
  return (
    <Tag color={LOOK[state].color} icon={LOOK[state].icon} data-testid="session-state">
      {t(`states.${state}`)}
    </Tag>
  );
}

/** Why Voltline refused the start, in words ("Card already charging" for ConcurrentTx). */
export function useAuthorizationText() {
  const { t } = useTranslation('sessions');
  return (authorization: string) => t(`authorization.${authorization}`, { defaultValue: authorization });
}

/** A session paid by card on the connector's payment page: no driver, no charging card. */
export function AdhocPaidTag() {
  const { t } = useTranslation('sessions');
  return (
    <Tooltip title={t('adhoc.paidHint')}>
      <Tag
        color="cyan"
        icon={<CreditCardOutlined />}
        style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', marginInlineEnd: 0 }}
        data-testid="session-adhoc"
      >
        {t('adhoc.paid')}
      </Tag>
    </Tooltip>
  );
}

/** Energy delivered on a refused start: the charger ignored Voltline's answer. */
export function UnauthorizedTag() {
  const { t } = useTranslation('sessions');
  return (
    <Tooltip title={t('refused.unauthorizedHint')}>
      <Tag color="red" icon={<WarningOutlined />} data-testid="session-unauthorized">
        {t('refused.unauthorized')}
      </Tag>
    </Tooltip>
  );
}

/** The state as the report lists it: the tag, the refusal's or hold's reason, unauthorized charging. */
export function SessionStateCell({ session: s }: { session: Session }) {
  const { t } = useTranslation('sessions');
  const reason = useAuthorizationText();
  return (
    <Flex vertical gap={4} align="start">
      <SessionStateTag state={s.state} />
      {s.state === 'refused' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="session-refusal">
          {reason(s.authorization)}
        </Typography.Text>
      )}
      {s.state === 'review' && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="session-review-reasons">
          {reasonKeys(s.reviewReasons)
            .map((key) => t(key))
            .join(' ')}
        </Typography.Text>
      )}
      {s.unauthorized && <UnauthorizedTag />}
    </Flex>
  );
}
