import { DatePicker, Form, InputNumber, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../../lib/format';
import { showFieldErrors } from '../../server-errors';

export interface GetDiagnosticsValues {
  startTime?: string;
  stopTime?: string;
  retries?: number;
  retryInterval?: number;
}

interface FormValues {
  window?: [Dayjs | null, Dayjs | null] | null;
  retries?: number | null;
  retryInterval?: number | null;
}

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
    const [start, stop] = v.window ?? [];
    void onSend({
      startTime: start?.toISOString(),
      stopTime: stop?.toISOString(),
      retries: v.retries ?? undefined,
      retryInterval: v.retryInterval ?? undefined,
    }).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, ['retries', 'retryInterval'])) onClose();
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
        initialValues={{ retries: 1, retryInterval: 60 }}
        onFinish={submit}
      >
        <Form.Item label={t('request.window')} name="window">
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            format={dateFormat('dateTime')}
            placeholder={[t('request.start'), t('request.stop')]}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label={t('request.retries')} name="retries" rules={[{ type: 'integer', min: 0, max: 10 }]}>
          <InputNumber<number> min={0} max={10} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={t('request.retryInterval')}
          name="retryInterval"
          rules={[{ type: 'integer', min: 0, max: 86_400 }]}
        >
          <InputNumber<number> min={0} max={86_400} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
