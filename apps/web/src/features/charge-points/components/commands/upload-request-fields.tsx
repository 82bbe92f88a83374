import { DatePicker, Form, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../../lib/format';

/** The form fields every upload request shares (GetDiagnostics, GetLog). */
export interface UploadRequestForm {
  window?: [Dayjs | null, Dayjs | null] | null;
  retries?: number | null;
  retryInterval?: number | null;
}

export const UPLOAD_REQUEST_DEFAULTS = { retries: 1, retryInterval: 60 };

/** The fields whose server errors show under them. */
export const UPLOAD_REQUEST_FIELDS = ['retries', 'retryInterval'];

/** The window's ends as ISO times, and the retries as the command takes them. */
export function uploadRequest(v: UploadRequestForm) {
  const [from, to] = v.window ?? [];
  return {
    from: from?.toISOString(),
    to: to?.toISOString(),
    retries: v.retries ?? undefined,
    retryInterval: v.retryInterval ?? undefined,
  };
}

/** The time window of the log, and how often the charger retries its upload. */
export function UploadRequestFields() {
  const { t } = useTranslation('diagnostics');
  return (
    <>
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
    </>
  );
}
