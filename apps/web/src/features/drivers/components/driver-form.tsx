import { Button, Card, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DriverDetail } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { passwordRules } from '../../../lib/form-rules';
import { useOperatorLookup } from '../api/get-operator-lookup';
import type { ServerFieldErrors } from '../server-errors';
import { useServerErrors } from '../use-server-errors';
import type { AddressValues, CardValues, VehicleValues } from './sub-fields';
import { DriverFormLists } from './driver-form-lists';

export interface DriverFormValues {
  name: string;
  surname: string;
  email?: string | null;
  phone?: string | null;
  operatorId: number;
  currency: string;
  password?: string;
  addresses?: AddressValues[];
  vehicles?: VehicleValues[];
  rfidCards?: CardValues[];
}

export const CURRENCIES = ['TRY', 'EUR', 'USD', 'GBP'] as const;

/**
 * The driver's profile. On add, addresses, vehicles and cards are filled in the same form and
 * saved in one call; on edit they are managed one by one below the form.
 */
export function DriverForm({
  driver,
  submitting,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  driver?: DriverDetail;
  submitting: boolean;
  fieldErrors?: ServerFieldErrors;
  onSubmit: (values: DriverFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('drivers');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<DriverFormValues>();
  const { data: me } = useMe();
  const operators = useOperatorLookup();
  useServerErrors(form, fieldErrors);

  const initial: Partial<DriverFormValues> = driver
    ? {
        name: driver.name,
        surname: driver.surname,
        email: driver.email,
        phone: driver.phone,
        operatorId: driver.operatorId,
        currency: driver.currency,
      }
    : { operatorId: me?.operatorId, currency: 'TRY', addresses: [], vehicles: [], rfidCards: [] };

  return (
    <Form<DriverFormValues>
      form={form}
      layout="vertical"
      name="driver"
      initialValues={initial}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <Card title={t('form.profile')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.firstName')}
              name="name"
              rules={[{ required: true, whitespace: true }, { max: 80 }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.surname')}
              name="surname"
              rules={[{ required: true, whitespace: true }, { max: 80 }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.email')} name="email" rules={[{ type: 'email' }, { max: 254 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.phone')} name="phone" rules={[{ max: 32 }]}>
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
                data-testid="driver-form-operator"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.currency')}
              name="currency"
              rules={[{ required: true }]}
              extra={driver ? t('form.currencyFixed') : undefined}
            >
              <Select disabled={!!driver} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={driver ? t('fields.newPassword') : t('fields.appPassword')}
              name="password"
              rules={passwordRules(tc, false)}
              validateFirst
              extra={driver ? t('form.passwordKeep') : t('form.passwordHint')}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {!driver && <DriverFormLists />}
      <Row justify="end" gutter={8}>
        <Col>
          <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        </Col>
        <Col>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {driver ? tc('actions.save') : t('form.create')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
