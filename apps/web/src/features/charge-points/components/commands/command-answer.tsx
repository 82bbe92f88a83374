import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { answerOutcome } from '@voltline/contract';
import { answerStatus } from '../../api/send-command';
import { AnswerDetails, DETAILED_ANSWERS } from './answer-details';
import { useAnswerStore } from './answer-store';
import { RemoteStartOutcomeBanner } from './remote-start-outcome';

/** "Reset (Soft): the charge point answered Accepted", with the whole answer on demand. */
export function CommandAnswerBanner({ chargePointId }: { chargePointId: string }) {
  const { t } = useTranslation('chargePoints');
  const last = useAnswerStore((s) => s.byChargePoint[chargePointId]);
  if (!last) return null;
  if (last.followId !== undefined) {
    return <RemoteStartOutcomeBanner key={last.at} label={last.label} commandId={last.followId} />;
  }
  const status = answerStatus(last.answer);
  // Only a status that says the charger did it is a success (Rejected, Occupied, Faulted... are refusals).
  const type =
    last.failed || (status && answerOutcome(status) === 'refusal') ? 'error' : status ? 'success' : 'info';
  const detailed = last.command !== undefined && DETAILED_ANSWERS.has(last.command);
  const extra = last.answer && (detailed || Object.keys(last.answer).some((k) => k !== 'status'));
  return (
    <Alert
      key={last.at}
      type={type}
      showIcon
      closable
      style={{ marginBottom: 16 }}
      data-testid="cp-command-answer"
      title={
        last.failed
          ? t('commands.failed', { command: last.label })
          : status
            ? t('commands.answered', {
                command: last.label,
                status: t(`answers.${status}`, { defaultValue: status }),
              })
            : t('commands.done', { command: last.label })
      }
      description={
        extra && last.answer ? <AnswerDetails command={last.command} answer={last.answer} /> : undefined
      }
    />
  );
}
