import { useMemo } from 'react';
import { Col, Form, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalSeparator } from '../../../lib/billing-format';

/** Every IANA time zone this browser knows, the operator's own first if the browser lacks it. */
function timeZones(current: string | undefined): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** How the operator states its prices: VAT rate, whether prices include it, and the local time zone. */
export function PriceTermsFields({ currentZone }: { currentZone?: string }) {
  const { t, i18n } = useTranslation('operators');
  const zones = useMemo(() => timeZones(currentZone), [currentZone]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('fields.vatRate')}
          name="vatRate"
          rules={[{ required: true }, { type: 'number', min: 0, max: 100 }]}
          extra={t('form.vatRateHint')}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={0}
            max={100}
            precision={2}
            decimalSeparator={decimalSeparator(i18n.language)}
            suffix="%"
            data-testid="operator-form-vat-rate"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('fields.pricesIncludeVat')}
          name="pricesIncludeVat"
          valuePropName="checked"
          extra={t('form.pricesIncludeVatHint')}
        >
          <Switch data-testid="operator-form-prices-include-vat" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('fields.timeZone')}
          name="timeZone"
          rules={[{ required: true }]}
          extra={t('form.timeZoneHint')}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={zones.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
            data-testid="operator-form-time-zone"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
