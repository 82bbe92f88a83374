import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The secret of a new endpoint or a rotated one: shown this once, to copy into the receiver. */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Modal
      open={secret !== null}
      title={t('secret.title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('secret.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="webhook-secret">
        {secret}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('secret.howTo')}</Typography.Paragraph>
    </Modal>
  );
}
