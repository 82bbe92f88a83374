import { useEffect } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ErrorBody, NewBooking } from '@voltline/contract';
import { ChargePointSelect } from '../../../components/charge-point-select';
import { DriverSelect } from '../../../components/driver-select';
import { dateFormat } from '../../../lib/format';
import { useChargePointForBooking, useDriverCards } from '../api/get-booking-choices';
import {
  connectorChoices,
  defaultConnector,
  defaultExpiry,
  expiryProblem,
  usableCards,
} from '../booking-rules';

interface Values {
  name?: string;
  driverId?: number;
  rfidCardId?: number;
  chargePointId?: string;
  connectorId?: number;
  expiresAt?: Dayjs;
}

const FIELDS = new Set(['name', 'rfidCardId', 'chargePointId', 'connectorId', 'expiresAt']);

/** The driver, then one of their cards; the charge point, then a connector or any; the expiry. */
export function BookingForm({
  submitting,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  submitting: boolean;
  fieldErrors?: ErrorBody['details'];
  onSubmit: (body: NewBooking) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('bookings');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<Values>();
  const driverId = Form.useWatch('driverId', form);
  const chargePointId = Form.useWatch('chargePointId', form);
  const cards = useDriverCards(driverId);
  const chargePoint = useChargePointForBooking(chargePointId);
  const usable = usableCards(cards.data ?? []);

  useEffect(() => {
    if (!fieldErrors?.length) return;
    form.setFields(
      fieldErrors
        .map((e) => ({ name: e.field.replace(/^body\./, ''), errors: [e.message] }))
        .filter((e) => FIELDS.has(e.name))
        .map((e) => ({ name: e.name as keyof Values, errors: e.errors })),
    );
  }, [fieldErrors, form]);

  // A charge point chosen: its first available connector is offered, not "any connector".
  const shown = chargePoint.data;
  const connectors =
    shown && shown.chargePointId.toLowerCase() === chargePointId?.toLowerCase()
      ? shown.connectors
      : undefined;
  useEffect(() => {
    if (!connectors || form.getFieldValue('connectorId') !== undefined) return;
    form.setFieldsValue({ connectorId: defaultConnector(connectors) });
  }, [connectors, form]);

  const offline = chargePoint.data && chargePoint.data.connection !== 'Connected';

  return (
    <Card>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={{ connectorId: undefined, expiresAt: dayjs(defaultExpiry(new Date())) }}
        onFinish={(v) =>
          onSubmit({
            name: v.name?.trim() || undefined,
            chargePointId: v.chargePointId!,
            connectorId: v.connectorId!,
            rfidCardId: v.rfidCardId!,
            expiresAt: v.expiresAt!.toISOString(),
          })
        }
        data-testid="booking-form"
      >
        <Form.Item name="driverId" label={t('fields.driver')} rules={[{ required: true }]}>
          <DriverSelect
            label={t('fields.driver')}
            testId="booking-driver"
            onChange={(id) => form.setFieldsValue({ driverId: id, rfidCardId: undefined })}
          />
        </Form.Item>
        <Form.Item name="rfidCardId" label={t('fields.card')} rules={[{ required: true }]}>
          <Select
            aria-label={t('fields.card')}
            disabled={driverId === undefined}
            loading={cards.isFetching}
            notFoundContent={t('form.noCards')}
            options={usable.map((c) => ({
              value: c.id,
              label: c.name ? `${c.name} (${c.number})` : c.number,
            }))}
            data-testid="booking-card"
          />
        </Form.Item>
        <Form.Item name="chargePointId" label={t('fields.chargePoint')} rules={[{ required: true }]}>
          <ChargePointSelect
            label={t('fields.chargePoint')}
            testId="booking-charge-point"
            onChange={(id) => form.setFieldsValue({ chargePointId: id, connectorId: undefined })}
          />
        </Form.Item>
        {offline && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('form.offline')} />
        )}
        <Form.Item name="connectorId" label={t('fields.connector')} rules={[{ required: true }]}>
          <Select
            aria-label={t('fields.connector')}
            disabled={chargePointId === undefined}
            loading={chargePoint.isFetching}
            options={connectorChoices(chargePoint.data?.connectors ?? []).map((n) => ({
              value: n,
              label: n === 0 ? t('anyConnector') : t('form.connector', { n }),
            }))}
            data-testid="booking-connector"
          />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('fields.expiresAt')}
          rules={[
            { required: true },
            {
              validator: (_, value?: Dayjs) => {
                const problem = value ? expiryProblem(value.toDate(), new Date()) : null;
                return problem ? Promise.reject(new Error(t(`form.expiry.${problem}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: dateFormat('time', i18n.language) }}
            format={dateFormat('dateTime', i18n.language)}
            style={{ width: '100%' }}
            aria-label={t('fields.expiresAt')}
            data-testid="booking-expires"
          />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')}>
          <Input maxLength={100} placeholder={t('form.namePlaceholder')} data-testid="booking-name" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="booking-submit">
            {t('form.submit')}
          </Button>
          <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
