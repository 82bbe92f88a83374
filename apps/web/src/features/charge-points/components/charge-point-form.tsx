import { useEffect } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CHARGE_POINT_ID_PATTERN,
  CONNECTOR_TYPES,
  POWER_UNITS,
  REGISTRATION_STATUSES,
} from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { dateFormat } from '../../../lib/format';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { useBrands, useModels } from '../api/get-reference';
import { ContactFields } from './contact-fields';
import { LocationFields } from './location-fields';
import { PasswordChoice } from './password-choice';
import type { ChargePointFormValues } from './form-types';

export type ServerFieldErrors = { field: string; message: string }[];

/** Add and edit share this form; the OCPP identity and the connectors to create are set only when adding. */
export function ChargePointForm({
  initial,
  editing,
  submitting,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<ChargePointFormValues>;
  editing: boolean;
  submitting: boolean;
  fieldErrors?: ServerFieldErrors;
  onSubmit: (values: ChargePointFormValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('chargePoints');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<ChargePointFormValues>();
  const { data: me } = useMe();
  const operators = useOperatorLookup();
  const brands = useBrands();
  const brand = Form.useWatch('brand', form);
  const models = useModels(brand);

  useEffect(() => {
    if (!fieldErrors?.length) return;
    form.setFields(
      fieldErrors.map((e) => ({
        name: e.field.replace(/^body\./, '') as keyof ChargePointFormValues,
        errors: [e.message],
      })),
    );
  }, [fieldErrors, form]);

  const defaults: Partial<ChargePointFormValues> = {
    operatorId: me?.operatorId,
    powerUnit: 'W',
    connectorCount: 2,
    connectorType: 'Type2',
  };

  return (
    <Form<ChargePointFormValues>
      form={form}
      layout="vertical"
      name="chargePoint"
      initialValues={initial ?? defaults}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <Card title={t('form.general')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {!editing && (
            <Col xs={24} md={12}>
              <Form.Item
                label={t('fields.chargePointId')}
                name="chargePointId"
                extra={t('form.idHint')}
                rules={[
                  { required: true, whitespace: true },
                  { max: 48 },
                  { pattern: CHARGE_POINT_ID_PATTERN, message: t('validation.idFormat') },
                ]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          )}
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
                options={operators.data?.map((o) => ({ value: o.id, label: o.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.brand')} name="brand">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={brands.isPending}
                onChange={() => form.setFieldValue('model', undefined)}
                options={brands.data?.map((b) => ({ value: b.name, label: b.name }))}
                data-testid="cp-form-brand"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.model')} name="model">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!brand}
                loading={Boolean(brand) && models.isPending}
                options={models.data?.map((m) => ({ value: m, label: m }))}
                data-testid="cp-form-model"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.serialNumber')} name="serialNumber" rules={[{ max: 80 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.firmwareVersion')} name="firmwareVersion" rules={[{ max: 50 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.iccid')} name="iccid" rules={[{ max: 20 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.imsi')} name="imsi" rules={[{ max: 20 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('fields.activationDate')} name="activationDate">
              <DatePicker style={{ width: '100%' }} format={dateFormat('date', i18n.language)} />
            </Form.Item>
          </Col>
          {editing && (
            <Col xs={24} md={6}>
              <Form.Item label={t('fields.registration')} name="registrationStatus">
                <Select
                  options={REGISTRATION_STATUSES.map((r) => ({ value: r, label: t(`registration.${r}`) }))}
                  data-testid="cp-form-registration"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>
      {!editing && (
        <Card title={t('password.title')} style={{ marginBottom: 16 }}>
          <PasswordChoice />
        </Card>
      )}
      <Card title={t('form.power')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {!editing && (
            <>
              <Col xs={12} md={6}>
                <Form.Item
                  label={t('fields.connectorCount')}
                  name="connectorCount"
                  rules={[{ required: true }, { type: 'number', min: 0, max: 24 }]}
                >
                  <InputNumber style={{ width: '100%' }} precision={0} />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item label={t('fields.connectorType')} name="connectorType">
                  <Select options={CONNECTOR_TYPES.map((c) => ({ value: c, label: c }))} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={12} md={4}>
            <Form.Item label={t('fields.powerUnit')} name="powerUnit" rules={[{ required: true }]}>
              <Select options={POWER_UNITS.map((u) => ({ value: u, label: t(`powerUnits.${u}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              label={t('fields.minPower')}
              name="minPower"
              rules={[{ type: 'number', min: 0, max: 2_000_000 }]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              label={t('fields.maxPower')}
              name="maxPower"
              dependencies={['minPower']}
              rules={[
                { type: 'number', min: 0, max: 2_000_000 },
                ({ getFieldValue }) => ({
                  validator: (_, value: number | null | undefined) => {
                    const min = getFieldValue('minPower') as number | null | undefined;
                    return value == null || min == null || value >= min
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('validation.maxBelowMin')));
                  },
                }),
              ]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          {(['openingTime', 'closingTime'] as const).map((name) => (
            <Col xs={12} md={6} key={name}>
              <Form.Item
                label={t(`fields.${name}`)}
                name={name}
                rules={[{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('validation.time') }]}
              >
                <Input placeholder="08:00" autoComplete="off" />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <LocationFields form={form} />
      <ContactFields />
      <Row justify="end" gutter={8}>
        <Col>
          <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        </Col>
        <Col>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {editing ? tc('actions.save') : t('form.create')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
