import { useState } from 'react';
import { Alert, Button, Dropdown, Flex, Modal } from 'antd';
import {
  AuditOutlined,
  CloseCircleOutlined,
  DownOutlined,
  PoweroffOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { answerOutcome, type Session } from '@voltline/contract';
import { useCan } from '../../../hooks/use-permission';
import { useSessionCommand, type SessionCommand } from '../api/send-session-command';
import { isHeld } from '../review-rules';
import { isOpen } from '../session-rules';
import { CloseSessionModal } from './close-session-modal';
import { ReviewSessionModal } from './review-session-modal';

/** The charger did it (Accepted, Unlocked): any other answer is shown as a refusal. */
const done = (status: string) => answerOutcome(status) === 'success';

/**
 * Stop and unlock for a running session (spec §4), each confirmed first. The charger's own
 * answer is shown: "Accepted" only means it will stop; the session ends when it reports so.
 * Close is for a charger that will never report it: staff end the session in Voltline only.
 * Review settles a session held for impossible readings: release it as sent or correct it.
 */
export function SessionActions({ session }: { session: Session }) {
  const { t } = useTranslation('sessions');
  const { t: tc } = useTranslation('common');
  const canCommand = useCan('commands:write');
  const canClose = useCan('sessions:write') && isOpen(session);
  const canReview = useCan('sessions:write') && isHeld(session);
  const [closing, setClosing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [modal, holder] = Modal.useModal();
  const command = useSessionCommand();
  const [answer, setAnswer] = useState<{ command: SessionCommand; status: string } | null>(null);

  const running = canCommand && session.state === 'active';
  // The answer stays after the session has ended, which often happens before anyone reads it.
  if (!running && !canClose && !canReview && !answer) return null;

  const confirm = (name: SessionCommand) =>
    void modal.confirm({
      title: t(`commands.${name}.title`),
      content: t(`commands.${name}.confirm`, {
        chargePointId: session.chargePointId,
        connectorId: session.connectorId,
      }),
      okText: t(`commands.${name}.ok`),
      okButtonProps: { danger: true },
      cancelText: tc('actions.cancel'),
      onOk: () =>
        command
          .mutateAsync({ command: name, session })
          .then((res) => setAnswer({ command: name, status: res.status ?? '' }))
          // The API client has shown why (e.g. the charger is offline); keep the dialog's promise settled.
          .catch(() => setAnswer(null)),
    });

  return (
    <Flex vertical gap={12}>
      {holder}
      {(running || canClose || canReview) && (
        <Flex gap={8} wrap>
          {canReview && (
            <Button
              type="primary"
              icon={<AuditOutlined />}
              onClick={() => setReviewing(true)}
              data-testid="session-review"
            >
              {t('review.button')}
            </Button>
          )}
          {running && (
            <>
              <Button
                danger
                type="primary"
                icon={<PoweroffOutlined />}
                loading={command.isPending && command.variables.command === 'stopTransaction'}
                onClick={() => confirm('stopTransaction')}
                data-testid="session-stop"
              >
                {t('commands.stopTransaction.button')}
              </Button>
              <Button
                icon={<UnlockOutlined />}
                loading={command.isPending && command.variables.command === 'unLockConnector'}
                onClick={() => confirm('unLockConnector')}
                data-testid="session-unlock"
              >
                {t('commands.unLockConnector.button')}
              </Button>
            </>
          )}
          {canClose && (
            // In a menu: the exception, for a charger that will never report the end itself.
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'close',
                    icon: <CloseCircleOutlined />,
                    label: t('close.button'),
                    onClick: () => setClosing(true),
                  },
                ],
              }}
            >
              <Button data-testid="session-more">
                {t('moreActions')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Flex>
      )}
      {canClose && <CloseSessionModal session={session} open={closing} onClose={() => setClosing(false)} />}
      {canReview && (
        <ReviewSessionModal session={session} open={reviewing} onClose={() => setReviewing(false)} />
      )}
      {answer && (
        <Alert
          showIcon
          closable
          onClose={() => setAnswer(null)}
          type={done(answer.status) ? 'success' : 'warning'}
          title={t('commands.answer', {
            command: t(`commands.${answer.command}.button`),
            status: t(`answers.${answer.status}`, { defaultValue: answer.status || '—' }),
          })}
          description={done(answer.status) ? t(`commands.${answer.command}.after`) : undefined}
          data-testid="session-command-answer"
        />
      )}
    </Flex>
  );
}
