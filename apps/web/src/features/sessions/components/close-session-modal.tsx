import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Session } from '@voltline/contract';
import { formatKwh } from '../../../lib/billing-format';
import { useCloseSession } from '../api/close-session';
import { fieldErrorsOf } from '../server-errors';

/**
 * Asks why a stuck session is being closed and says what it costs the driver: the bill stops at
 * the last meter reading the charger sent. The server's answer is shown as a notice by the client.
 */
export function CloseSessionModal({
  session,
  open,
  onClose,
}: {
  session: Session;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('sessions');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<{ reason: string }>();
  const close = useCloseSession();

  const submit = ({ reason }: { reason: string }) =>
    close.mutate(
      { id: session.id, reason: reason.trim() },
      {
        onSuccess: onClose,
        onError: (error) => {
          const errors = fieldErrorsOf(error, 'reason');
          if (errors.length > 0) form.setFields([{ name: 'reason', errors }]);
        },
      },
    );

  return (
    <Modal
      open={open}
      title={t('close.title', { id: session.id })}
      okText={t('close.ok')}
      okButtonProps={{ danger: true }}
      cancelText={tc('actions.cancel')}
      confirmLoading={close.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          session.state === 'refused'
            ? t('close.explainRefused')
            : t('close.explain', { energy: formatKwh(session.energyWh, i18n.language) })
        }
      />
      <Form form={form} layout="vertical" name="closeSession" onFinish={submit}>
        <Form.Item
          label={t('close.reason')}
          name="reason"
          extra={t('close.reasonHint')}
          rules={[{ required: true, whitespace: true }, { min: 3 }, { max: 500 }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('close.reasonPlaceholder')}
            data-testid="session-close-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
