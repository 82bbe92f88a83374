import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdentity } from '../api/get-identity';
import { CopyText } from './copy-text';

/** Voltline's own OCPI party, what a partner needs to know about Voltline. */
export function IdentityCard() {
  const { t } = useTranslation('roaming');
  const identity = useIdentity();
  return (
    <Card title={t('identity.title')} style={{ marginBottom: 16 }} data-testid="roaming-identity">
      {identity.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : identity.isError || !identity.data ? (
        <Alert type="error" showIcon title={t('identity.failed')} />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
          <Descriptions.Item label={t('identity.versionsUrl')}>
            <CopyText value={identity.data.versionsUrl} testId="roaming-identity-url" />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.countryCode')}>{identity.data.countryCode}</Descriptions.Item>
          <Descriptions.Item label={t('fields.partyId')}>{identity.data.partyId}</Descriptions.Item>
          <Descriptions.Item label={t('identity.version')}>{identity.data.version}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
