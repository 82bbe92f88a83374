import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { answerStatus } from '../../api/send-command';
import { useAnswerStore } from './answer-store';

/** "Reset (Soft): the charge point answered Accepted", with the whole answer on demand. */
export function CommandAnswerBanner({ chargePointId }: { chargePointId: string }) {
  const { t } = useTranslation('chargePoints');
  const last = useAnswerStore((s) => s.byChargePoint[chargePointId]);
  if (!last) return null;
  const status = answerStatus(last.answer);
  const type =
    last.failed || status === 'Rejected' || status === 'NotSupported' ? 'error' : status ? 'success' : 'info';
  const extra = last.answer && Object.keys(last.answer).some((k) => k !== 'status');
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
        extra ? (
          <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
            {JSON.stringify(last.answer, null, 2)}
          </Typography.Text>
        ) : undefined
      }
    />
  );
}
