import { Col, DatePicker, Form, InputNumber, Radio, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_TRANSPORTS, type NewCampaign } from '@voltline/contract';
import { dateFormat } from '../../lib/format';

/** How chargers fetch an image: when (OCPP retrieveDate), how often they retry, and over what. */
export interface DeliveryValues {
  retrieveDate?: Dayjs | null;
  retries: number;
  retryInterval: number;
  transport: (typeof FIRMWARE_TRANSPORTS)[number];
}

export const DELIVERY_DEFAULTS: DeliveryValues = { retries: 3, retryInterval: 60, transport: 'ftp' };

/** The form's values as the campaign's fields; no date means now. */
export const deliveryBody = (
  v: DeliveryValues,
): Pick<NewCampaign, 'retrieveDate' | 'retries' | 'retryInterval' | 'transport'> => ({
  retrieveDate: v.retrieveDate ? v.retrieveDate.toISOString() : undefined,
  retries: v.retries,
  retryInterval: v.retryInterval,
  transport: v.transport,
});

/** The delivery fields of a firmware update, inside an antd Form. */
export function DeliveryFields() {
  const { t, i18n } = useTranslation('firmware');
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('delivery.retrieveDate')}
          name="retrieveDate"
          extra={t('delivery.retrieveDateHint')}
        >
          <DatePicker
            showTime={{ format: dateFormat('time', i18n.language) }}
            format={dateFormat('dateTime', i18n.language)}
            style={{ width: '100%' }}
            placeholder={t('delivery.now')}
            data-testid="fw-retrieve-date"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('delivery.transport')} name="transport" rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={FIRMWARE_TRANSPORTS.map((tr) => ({ value: tr, label: t(`transport.${tr}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={12}>
        <Form.Item label={t('delivery.retries')} name="retries" rules={[{ required: true }]}>
          <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={12}>
        <Form.Item label={t('delivery.retryInterval')} name="retryInterval" rules={[{ required: true }]}>
          <InputNumber
            min={0}
            max={86_400}
            precision={0}
            style={{ width: '100%' }}
            suffix={t('delivery.seconds')}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
