import { Alert, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { reasonKeys } from '../review-rules';

/**
 * Why a held session is neither billed nor counted, in words, and its readings exactly as the
 * charger sent them (in Wh, unrounded: a kWh figure would hide a reading that went back by a few Wh).
 */
export function ReviewNotice({ session: s }: { session: Session }) {
  const { t, i18n } = useTranslation('sessions');
  const wh = (value: number | null) =>
    value === null ? '—' : <bdi>{formatNumber(value, i18n.language)} Wh</bdi>;

  return (
    <Alert
      type="warning"
      showIcon
      title={t('review.notice')}
      data-testid="session-review-notice"
      description={
        <Flex vertical gap={12}>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t('review.reasonsLabel')}>
            {reasonKeys(s.reviewReasons).map((key) => (
              <li key={key} data-testid="session-review-reason">
                {t(key)}
              </li>
            ))}
          </ul>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            title={<Typography.Text strong>{t('review.asSent')}</Typography.Text>}
            data-testid="session-review-readings"
          >
            <Descriptions.Item label={t('review.meterStart')}>{wh(s.meterStart)}</Descriptions.Item>
            <Descriptions.Item label={t('review.meterStop')}>{wh(s.meterStop)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.startedAt')}>
              <bdi>{formatDateTime(s.startedAt)}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.stoppedAt')}>
              {s.stoppedAt ? <bdi>{formatDateTime(s.stoppedAt)}</bdi> : '—'}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      }
    />
  );
}
