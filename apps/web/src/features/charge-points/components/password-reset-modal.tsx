import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChargePoint, ChargePointCredentials } from '@voltline/contract';
import { useResetChargePointPassword } from '../api/reset-password';
import { showFieldErrors } from '../server-errors';
import { PasswordChoice, type PasswordMode } from './password-choice';

interface PasswordValues {
  passwordMode: PasswordMode;
  password?: string;
}

/** A new password for the charger: generated, or the one set on the charger itself. */
export function PasswordResetModal({
  cp,
  open,
  onClose,
  onDone,
}: {
  cp: ChargePoint;
  open: boolean;
  onClose: () => void;
  onDone: (credentials: ChargePointCredentials) => void;
}) {
  const { t } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<PasswordValues>();
  const reset = useResetChargePointPassword();

  const submit = (v: PasswordValues) =>
    reset.mutate(
      { id: cp.id, password: v.passwordMode === 'enter' ? v.password : undefined },
      {
        onSuccess: (credentials) => {
          onClose();
          onDone(credentials);
        },
        onError: (error) => showFieldErrors(form, error, ['password']),
      },
    );

  return (
    <Modal
      open={open}
      title={t('credentials.resetTitle')}
      okText={t('credentials.reset')}
      okButtonProps={{ danger: true }}
      cancelText={tc('actions.cancel')}
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('credentials.resetConfirm')} style={{ marginBottom: 16 }} />
      <Form<PasswordValues> form={form} layout="vertical" name="chargerPassword" onFinish={submit}>
        <PasswordChoice />
      </Form>
    </Modal>
  );
}
