import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKeyWithSecret } from '@voltline/contract';

/** The key's secret, shown this once: the server keeps only its hash. */
export function SecretDialog({
  created,
  onClose,
}: {
  created: ApiKeyWithSecret | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  return (
    <Modal
      open={created !== null}
      title={t('secret.title', { name: created?.key.name ?? '' })}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      // Once closed, the secret leaves the page.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('secret.key')}>
          <Typography.Text
            code
            copyable={{ tooltips: [t('secret.copy'), t('secret.copied')] }}
            style={{ wordBreak: 'break-all' }}
            data-testid="api-key-secret"
          >
            {created?.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('secret.hint')}
      </Typography.Paragraph>
    </Modal>
  );
}
