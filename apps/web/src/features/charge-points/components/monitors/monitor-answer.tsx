import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { monitorAnswer } from '../../monitor-words';

/** The charger's last answer about monitors, in words: red for a refusal, green for Accepted. */
export function MonitorAnswerAlert({ status }: { status: string | null }) {
  const { t } = useTranslation('chargePoints');
  if (!status) return null;
  const { text, refused } = monitorAnswer(t, status);
  return (
    <Alert
      type={refused ? 'error' : 'success'}
      showIcon
      title={text}
      data-testid={refused ? 'monitor-refused' : 'monitor-accepted'}
    />
  );
}
