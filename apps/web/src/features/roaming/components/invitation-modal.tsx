import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingInvitation } from '@voltline/contract';
import { formatDateTime } from '../../../lib/format';
import { CopyText } from './copy-text';

/** Token A and Voltline's versions URL, shown this once: the portal keeps neither once closed. */
export function InvitationModal({
  invitation,
  onClose,
}: {
  invitation: RoamingInvitation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('roaming');
  const expires = invitation?.partner.tokenAExpiresAt;
  return (
    <Modal
      open={invitation !== null}
      title={t('invitation.title', { name: invitation?.partner.name ?? '' })}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      // Once closed, token A leaves the page.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="roaming-invitation-done">
          {t('invitation.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('invitation.once')} style={{ marginBottom: 16 }} />
      {invitation && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('fields.tokenA')}>
            <CopyText value={invitation.tokenA} testId="roaming-token-a-shown" />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.versionsUrl')}>
            <CopyText value={invitation.versionsUrl} testId="roaming-versions-url-shown" />
          </Descriptions.Item>
          {expires && (
            <Descriptions.Item label={t('fields.tokenAExpiresAt')}>
              {formatDateTime(expires)}
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {t('invitation.hint')}
      </Typography.Paragraph>
    </Modal>
  );
}
