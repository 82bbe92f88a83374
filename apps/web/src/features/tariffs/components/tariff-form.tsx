import { useEffect } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, TARIFF_PAYMENT_TYPES, TARIFF_TYPES, type ErrorBody } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useOperatorOptions } from '../../../api/lookups';
import { currencySymbol, decimalSeparator } from '../../../lib/billing-format';
import { dateFormat } from '../../../lib/format';
import { ruleOf, type TariffFormValues } from '../form-values';
import { CostPreview } from './cost-preview';

export type ServerFieldErrors = NonNullable<ErrorBody['details']>;

const MAX_MAJOR = 1_000_000; // the contract's 100,000,000 minor units
const FIELDS = new Set<string>([
  'name',
  'operatorId',
  'type',
  'paymentType',
  'currency',
  'pricePerKwh',
  'limitKwh',
  'overLimitPricePerKwh',
  'fixedPrice',
  'validFrom',
  'validTo',
]);

/** Add and edit share this form; prices are typed in major units and previewed as they change. */
export function TariffForm({
  initial,
  submitting,
  submitLabel,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  initial?: TariffFormValues;
  submitting: boolean;
  submitLabel: string;
  fieldErrors?: ServerFieldErrors;
  onSubmit: (values: TariffFormValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('tariffs');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<TariffFormValues>();
  const { data: me } = useMe();
  const operators = useOperatorOptions();
  const watched = Form.useWatch([], form) as Partial<TariffFormValues> | undefined;
  const currency = watched?.currency ?? initial?.currency ?? 'TRY';
  const free = watched?.paymentType === 'Free';
  const hasLimit = Boolean(watched?.limitKwh);
  const money = { min: 0, max: MAX_MAJOR, precision: 2, decimalSeparator: decimalSeparator(i18n.language) };
  const sign = currencySymbol(currency, i18n.language);

  useEffect(() => {
    if (!fieldErrors?.length) return;
    form.setFields(
      fieldErrors
        .filter((e) => FIELDS.has(e.field))
        .map((e) => ({ name: e.field as keyof TariffFormValues, errors: [e.message] })),
    );
  }, [fieldErrors, form]);

  const initialValues: Partial<TariffFormValues> = initial ?? {
    operatorId: me?.operatorId,
    type: 'AC',
    paymentType: 'Postpaid',
    currency: 'TRY',
    fixedPrice: 0,
  };

  return (
    <Form<TariffFormValues>
      form={form}
      layout="vertical"
      name="tariff"
      initialValues={initialValues}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card title={t('form.general')} style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('fields.name')}
                  name="name"
                  rules={[{ required: true, whitespace: true }, { max: 120 }]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t('fields.operator')} name="operatorId" rules={[{ required: true }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={operators.isPending}
                    options={operators.data
                      ?.filter((o) => !o.archived)
                      .map((o) => ({ value: o.id, label: o.name }))}
                    data-testid="tariff-form-operator"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={t('fields.type')} name="type" rules={[{ required: true }]}>
                  <Select
                    options={TARIFF_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                    data-testid="tariff-form-type"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={t('fields.paymentType')} name="paymentType" rules={[{ required: true }]}>
                  <Select
                    options={TARIFF_PAYMENT_TYPES.map((v) => ({ value: v, label: t(`paymentTypes.${v}`) }))}
                    data-testid="tariff-form-payment-type"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label={t('fields.currency')} name="currency" rules={[{ required: true }]}>
                  <Select
                    options={CURRENCIES.map((v) => ({
                      value: v,
                      label: `${v} (${currencySymbol(v, i18n.language)})`,
                    }))}
                    data-testid="tariff-form-currency"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title={t('form.pricing')} style={{ marginBottom: 16 }}>
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
          </Card>
          <Card title={t('form.validity')} style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={t('fields.validFrom')} name="validFrom" extra={t('form.validFromHint')}>
                  <DatePicker
                    showTime={{ format: dateFormat('time', i18n.language) }}
                    format={dateFormat('dateTime', i18n.language)}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('fields.validTo')}
                  name="validTo"
                  dependencies={['validFrom']}
                  extra={t('form.validToHint')}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, value: TariffFormValues['validTo']) => {
                        const from = getFieldValue('validFrom') as TariffFormValues['validFrom'];
                        return !value || !from || value.isAfter(from)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('validation.periodOrder')));
                      },
                    }),
                  ]}
                >
                  <DatePicker
                    showTime={{ format: dateFormat('time', i18n.language) }}
                    format={dateFormat('dateTime', i18n.language)}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <div style={{ position: 'sticky', top: 16, marginBottom: 16 }}>
            <CostPreview rule={ruleOf(watched ?? initialValues)} currency={currency} />
          </div>
        </Col>
      </Row>
      <Row justify="end" gutter={8}>
        <Col>
          <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        </Col>
        <Col>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
