import { useState } from 'react';
import { Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyWithSecret } from '@voltline/contract';
import { useRotateApiKey } from '../api/rotate-api-key';

/** A new secret; the old one keeps working for the hours chosen, so integrations can switch over. */
export function RotateDialog({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: ApiKey | null;
  onClose: () => void;
  onRotated: (rotated: ApiKeyWithSecret) => void;
}) {
  const { t } = useTranslation('apiKeys');
  const { t: tc } = useTranslation('common');
  const [hours, setHours] = useState(24);
  const rotate = useRotateApiKey();
  return (
    <Modal
      open={apiKey !== null}
      title={t('rotate.title', { name: apiKey?.name ?? '' })}
      okText={t('rotate.submit')}
      cancelText={tc('actions.cancel')}
      confirmLoading={rotate.isPending}
      onCancel={onClose}
      onOk={() =>
        apiKey &&
        rotate.mutate({ id: apiKey.id, overlapHours: hours }, { onSuccess: (rotated) => onRotated(rotated) })
      }
      destroyOnHidden
    >
      <Typography.Paragraph>{t('rotate.explain')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('rotate.overlap')}>
          <InputNumber
            min={0}
            max={720}
            value={hours}
            onChange={(v) => setHours(v ?? 0)}
            addonAfter={t('rotate.hours')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
