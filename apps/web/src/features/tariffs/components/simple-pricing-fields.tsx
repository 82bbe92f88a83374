import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencySymbol, decimalSeparator } from '../../../lib/billing-format';
import type { TariffFormValues } from '../form-values';

const MAX_MAJOR = 1_000_000; // the contract's 100,000,000 minor units

/** The simple tariff: a price per kWh, a fixed price per session, an optional energy limit. */
export function SimplePricingFields({ currency }: { currency: string }) {
  const { t, i18n } = useTranslation('tariffs');
  const form = Form.useFormInstance<TariffFormValues>();
  const paymentType = Form.useWatch('paymentType', form);
  const limitKwh = Form.useWatch('limitKwh', form);
  const free = paymentType === 'Free';
  const hasLimit = Boolean(limitKwh);
  const money = { min: 0, max: MAX_MAJOR, precision: 2, decimalSeparator: decimalSeparator(i18n.language) };
  const sign = currencySymbol(currency, i18n.language);

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.pricePerKwh')}
          name="pricePerKwh"
          rules={[{ required: !free, type: 'number', min: 0, max: MAX_MAJOR }]}
          extra={t('form.pricePerKwhHint')}
        >
          <InputNumber<number>
            {...money}
            disabled={free}
            prefix={sign}
            suffix="/kWh"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.fixedPrice')}
          name="fixedPrice"
          rules={[{ type: 'number', min: 0, max: MAX_MAJOR }]}
          extra={t('form.fixedPriceHint')}
        >
          <InputNumber<number> {...money} disabled={free} prefix={sign} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.limitKwh')}
          name="limitKwh"
          rules={[{ type: 'number', min: 0.001, max: 100_000 }]}
          extra={t('form.limitHint')}
        >
          <InputNumber<number>
            min={0}
            max={100_000}
            precision={3}
            decimalSeparator={money.decimalSeparator}
            disabled={free}
            suffix="kWh"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('fields.overLimitPricePerKwh')}
          name="overLimitPricePerKwh"
          dependencies={['limitKwh', 'paymentType']}
          rules={[
            { required: hasLimit && !free, message: t('validation.overLimitRequired') },
            { type: 'number', min: 0, max: MAX_MAJOR },
          ]}
          extra={t('form.overLimitHint')}
        >
          <InputNumber<number>
            {...money}
            disabled={free || !hasLimit}
            prefix={sign}
            suffix="/kWh"
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
