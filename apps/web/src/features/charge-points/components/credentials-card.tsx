import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePointCredentials } from '@voltline/contract';

/** The OCPP URL and Basic-auth password, shown once: the server keeps only the password's hash. */
export function CredentialsCard({
  credentials,
  onDone,
  doneLabel,
}: {
  credentials: ChargePointCredentials;
  onDone: () => void;
  doneLabel: string;
}) {
  const { t } = useTranslation('chargePoints');
  return (
    <Card
      title={t('credentials.title', { id: credentials.chargePoint.chargePointId })}
      data-testid="cp-credentials"
    >
      <Alert type="warning" showIcon title={t('credentials.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="middle">
        <Descriptions.Item label={t('credentials.url')}>
          <Typography.Text
            copyable={{ tooltips: [t('credentials.copy'), t('credentials.copied')] }}
            code
            data-testid="cp-ocpp-url"
          >
            {credentials.ocppUrl}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.user')}>
          <Typography.Text copyable={{ tooltips: [t('credentials.copy'), t('credentials.copied')] }} code>
            {credentials.chargePoint.chargePointId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.password')}>
          <Typography.Text
            copyable={{ tooltips: [t('credentials.copy'), t('credentials.copied')] }}
            code
            data-testid="cp-ocpp-password"
          >
            {credentials.password}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('credentials.hint')}
      </Typography.Paragraph>
      <Flex justify="end">
        <Button type="primary" onClick={onDone}>
          {doneLabel}
        </Button>
      </Flex>
    </Card>
  );
}
