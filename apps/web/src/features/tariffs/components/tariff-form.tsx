import { useEffect } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { componentsFromLegacy, CURRENCIES, TARIFF_PAYMENT_TYPES, TARIFF_TYPES } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useOperatorOptions } from '../../../api/lookups';
import { currencySymbol } from '../../../lib/billing-format';
import { dateFormat } from '../../../lib/format';
import { useOperatorTerms } from '../api/get-operator-terms';
import { elementsOf } from '../components-values';
import { componentsOfForm, ruleOf, type TariffFormValues } from '../form-values';
import { formPathOf, type ServerFieldErrors } from '../server-errors';
import { ComponentsEditor } from './components-editor';
import { CostPreview } from './cost-preview';
import { SimplePricingFields } from './simple-pricing-fields';

/** Until the operator's terms are known (or when they cannot be read), the network's defaults. */
const DEFAULT_TERMS = { vatRate: 2000, pricesIncludeVat: true, timeZone: 'Europe/Istanbul' };

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
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<TariffFormValues> | undefined;
  const currency = watched?.currency ?? initial?.currency ?? 'TRY';
  const free = watched?.paymentType === 'Free';
  const pricing = watched?.pricing ?? initial?.pricing ?? 'simple';
  const operatorTerms = useOperatorTerms(watched?.operatorId ?? initial?.operatorId);
  const terms = operatorTerms.data ?? DEFAULT_TERMS;

  useEffect(() => {
    if (!fieldErrors?.length) return;
    // Paths reach into the element lists, which the form's static field names do not spell.
    (form as FormInstance).setFields(
      fieldErrors.map((e) => ({ name: formPathOf(e.field), errors: [e.message] })),
    );
  }, [fieldErrors, form]);

  const initialValues: Partial<TariffFormValues> = initial ?? {
    operatorId: me?.operatorId,
    type: 'AC',
    paymentType: 'Postpaid',
    currency: 'TRY',
    fixedPrice: 0,
    pricing: 'simple',
    elements: [],
  };

  return (
    <Form<TariffFormValues>
      form={form}
      layout="vertical"
      name="tariff"
      initialValues={initialValues}
      // Every value kept, also those of the pricing mode not shown (the body needs the simple fields).
      onFinish={() => onSubmit(form.getFieldsValue(true) as TariffFormValues)}
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
            {!free && (
              <Form.Item name="pricing" extra={t(`form.pricingHint.${pricing}`)}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'simple', label: t('form.pricingSimple') },
                    { value: 'components', label: t('form.pricingComponents') },
                  ]}
                  onChange={(e) => {
                    // Start the components from what the simple fields say, so nothing is lost.
                    const values = form.getFieldsValue(true) as TariffFormValues;
                    if (e.target.value === 'components' && !values.elements?.length)
                      form.setFieldValue('elements', elementsOf(componentsFromLegacy(ruleOf(values))));
                  }}
                  data-testid="tariff-form-pricing"
                />
              </Form.Item>
            )}
            {pricing === 'components' && !free ? (
              <ComponentsEditor currency={currency} />
            ) : (
              <SimplePricingFields currency={currency} />
            )}
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
            <CostPreview
              terms={{ ...terms, components: componentsOfForm({ ...initialValues, ...watched }) }}
              paymentType={watched?.paymentType ?? initialValues.paymentType ?? 'Postpaid'}
              currency={currency}
              timeZone={terms.timeZone}
            />
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
