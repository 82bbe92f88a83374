import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandName } from '@voltline/contract';
import type { CommandAnswer } from '../../api/send-command';

/** Commands whose answer is worth reading field by field, even when it is only a status. */
export const DETAILED_ANSWERS: ReadonlySet<CommandName> = new Set([
  'getLocalListVersion',
  'sendLocalList',
  'dataTransfer',
  'getTransactionStatus',
]);

const count = (v: unknown) => (Array.isArray(v) ? v.length : typeof v === 'number' ? v : undefined);

/**
 * The charger's answer below the banner's title: list versions and the cards sent, the data a
 * DataTransfer returned, whether a transaction still runs and messages wait (E14), or the raw
 * answer for the other commands.
 */
export function AnswerDetails({ command, answer }: { command?: CommandName; answer: CommandAnswer }) {
  const { t } = useTranslation('chargePoints');
  // -1 (or nothing) is how Voltline and chargers say there is no list.
  const version = (v: unknown) => (typeof v === 'number' && v >= 0 ? String(v) : t('localList.none'));

  if (command === 'getLocalListVersion')
    return (
      <Descriptions size="small" column={1} data-testid="cp-answer-details">
        <Descriptions.Item label={t('localList.onCharger')}>{version(answer.listVersion)}</Descriptions.Item>
        <Descriptions.Item label={t('localList.lastSent')}>
          {version(answer.lastSentVersion)}
        </Descriptions.Item>
      </Descriptions>
    );
  if (command === 'sendLocalList')
    return (
      <Descriptions size="small" column={1} data-testid="cp-answer-details">
        <Descriptions.Item label={t('localList.version')}>{version(answer.listVersion)}</Descriptions.Item>
        <Descriptions.Item label={t('localList.entries')}>{count(answer.entries) ?? '—'}</Descriptions.Item>
        {typeof answer.messages === 'number' && (
          <Descriptions.Item label={t('localList.messages')}>{answer.messages}</Descriptions.Item>
        )}
      </Descriptions>
    );
  if (command === 'getTransactionStatus') {
    const yesNo = (v: unknown) => t(v === true ? 'transactionStatus.yes' : 'transactionStatus.no');
    return (
      <Descriptions size="small" column={1} data-testid="cp-answer-details">
        {typeof answer.ongoingIndicator === 'boolean' && (
          <Descriptions.Item label={t('transactionStatus.ongoing')}>
            {yesNo(answer.ongoingIndicator)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('transactionStatus.queued')}>
          {yesNo(answer.messagesInQueue)}
        </Descriptions.Item>
      </Descriptions>
    );
  }
  if (command === 'dataTransfer')
    return typeof answer.data === 'string' && answer.data !== '' ? (
      <div data-testid="cp-answer-details">
        <Typography.Text type="secondary">{t('dataTransfer.data')}</Typography.Text>
        <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {answer.data}
        </Typography.Paragraph>
      </div>
    ) : (
      <Typography.Text type="secondary" data-testid="cp-answer-details">
        {t('dataTransfer.noData')}
      </Typography.Text>
    );
  return (
    <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(answer, null, 2)}
    </Typography.Text>
  );
}
