import { DatePicker, Form, InputNumber, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LOG_TYPES } from '@voltline/contract';
import { dateFormat } from '../../../../lib/format';
import { showFieldErrors } from '../../server-errors';

export interface GetLogValues {
  logType: (typeof LOG_TYPES)[number];
  oldestTimestamp?: string;
  latestTimestamp?: string;
  retries?: number;
  retryInterval?: number;
}

interface FormValues {
  logType: (typeof LOG_TYPES)[number];
  window?: [Dayjs | null, Dayjs | null] | null;
  retries?: number | null;
  retryInterval?: number | null;
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
    const [oldest, latest] = v.window ?? [];
    void onSend({
      logType: v.logType,
      oldestTimestamp: oldest?.toISOString(),
      latestTimestamp: latest?.toISOString(),
      retries: v.retries ?? undefined,
      retryInterval: v.retryInterval ?? undefined,
    }).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, ['retries', 'retryInterval'])) onClose();
    });
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
        initialValues={{ logType: 'DiagnosticsLog', retries: 1, retryInterval: 60 }}
        onFinish={submit}
      >
        <Form.Item label={t('log.logType')} name="logType" rules={[{ required: true }]}>
          <Select
            data-testid="get-log-type"
            options={LOG_TYPES.map((type) => ({ value: type, label: t(`kinds.${type}`) }))}
          />
        </Form.Item>
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
