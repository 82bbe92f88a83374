import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../server-errors';
import {
  UPLOAD_REQUEST_DEFAULTS,
  UPLOAD_REQUEST_FIELDS,
  UploadRequestFields,
  uploadRequest,
  type UploadRequestForm,
} from './upload-request-fields';

export interface GetDiagnosticsValues {
  startTime?: string;
  stopTime?: string;
  retries?: number;
  retryInterval?: number;
}

type FormValues = UploadRequestForm;

/**
 * GetDiagnostics: the time window of the log, and how often the charger retries its upload. No
 * location: Voltline gives the charger one of its own file service.
 */
export function GetDiagnosticsModal({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (values: GetDiagnosticsValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('diagnostics');
  const [form] = Form.useForm<FormValues>();

  const submit = (v: FormValues) => {
    const { from, to, ...retry } = uploadRequest(v);
    void onSend({ startTime: from, stopTime: to, ...retry }).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, UPLOAD_REQUEST_FIELDS)) onClose();
    });
  };

  return (
    <Modal
      open={open}
      title={t('request.title')}
      okText={t('request.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'diagnostics-send' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('request.hint')}</Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="getDiagnostics"
        initialValues={UPLOAD_REQUEST_DEFAULTS}
        onFinish={submit}
      >
        <UploadRequestFields />
      </Form>
    </Modal>
  );
}
