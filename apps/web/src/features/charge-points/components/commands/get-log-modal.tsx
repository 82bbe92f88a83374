import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOG_TYPES } from '@voltline/contract';
import { showFieldErrors } from '../../server-errors';
import {
  UPLOAD_REQUEST_DEFAULTS,
  UPLOAD_REQUEST_FIELDS,
  UploadRequestFields,
  uploadRequest,
  type UploadRequestForm,
} from './upload-request-fields';

export interface GetLogValues {
  logType: (typeof LOG_TYPES)[number];
  oldestTimestamp?: string;
  latestTimestamp?: string;
  retries?: number;
  retryInterval?: number;
}

interface FormValues extends UploadRequestForm {
  logType: (typeof LOG_TYPES)[number];
}

/**
 * GetLog (security edition): which log, its time window, and how often the charger retries its
 * upload. No location: Voltline gives the charger one of its own file service, as for diagnostics.
 */
export function GetLogModal({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (values: GetLogValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('diagnostics');
  const [form] = Form.useForm<FormValues>();

  const submit = (v: FormValues) => {
    const { from, to, ...retry } = uploadRequest(v);
    void onSend({ logType: v.logType, oldestTimestamp: from, latestTimestamp: to, ...retry }).then(
      onClose,
      (error: unknown) => {
        if (!showFieldErrors(form, error, UPLOAD_REQUEST_FIELDS)) onClose();
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('log.title')}
      okText={t('request.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'get-log-send' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('log.hint')}</Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="getLog"
        initialValues={{ logType: 'DiagnosticsLog', ...UPLOAD_REQUEST_DEFAULTS }}
        onFinish={submit}
      >
        <Form.Item label={t('log.logType')} name="logType" rules={[{ required: true }]}>
          <Select
            data-testid="get-log-type"
            options={LOG_TYPES.map((type) => ({ value: type, label: t(`kinds.${type}`) }))}
          />
        </Form.Item>
        <UploadRequestFields />
      </Form>
    </Modal>
  );
}
