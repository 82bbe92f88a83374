import { Alert, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RemoteStartOutcomeKind } from '@voltline/contract';
import { APP_PREFIX } from '../../../../config/app';
import { useRemoteStartOutcome } from '../../api/remote-start';

const TYPE: Record<RemoteStartOutcomeKind, 'info' | 'success' | 'error' | 'warning'> = {
  waiting: 'info',
  started: 'success',
  // A refusal is never green: said in red, with its reason in words.
  refused: 'error',
  notAccepted: 'error',
  timedOut: 'warning',
};

// The sessions report opens a session in its drawer by `?session=`.
const sessionPath = (id: number) => `${APP_PREFIX}/reports/chargingsessions?tab=all&session=${id}`;

/**
 * A remote start the charger accepted, followed to its outcome: waiting for the charger, then
 * "Charging started (session N)" with a link, "Refused: <reason>", or no start within the time-out.
 */
export function RemoteStartOutcomeBanner({ label, commandId }: { label: string; commandId: number }) {
  const { t } = useTranslation('chargePoints');
  const outcome = useRemoteStartOutcome(commandId);
  const data = outcome.data;
  const kind: RemoteStartOutcomeKind = data?.outcome ?? 'waiting';
  return (
    <Alert
      type={TYPE[kind]}
      showIcon
      icon={kind === 'waiting' ? <Spin size="small" /> : undefined}
      closable
      style={{ marginBottom: 16 }}
      data-testid="cp-command-answer"
      data-outcome={kind}
      title={`${label}: ${data?.message ?? t('remoteStart.waiting')}`}
      description={
        kind === 'started' && data?.sessionId ? (
          <Link to={sessionPath(data.sessionId)} data-testid="remote-start-session">
            {t('remoteStart.openSession', { id: data.sessionId })}
          </Link>
        ) : undefined
      }
    />
  );
}
