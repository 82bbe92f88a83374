import { useEffect } from 'react';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHARGING_RATE_UNITS, SMART_CHARGING_MODES, type ErrorBody } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useOperatorOptions } from '../../../api/lookups';
import { NEW_GROUP, timeZones, type GroupFormValues } from '../form-values';
import { convertShown, shownUnit } from '../units';
import { ChargePointPicker } from './charge-point-picker';
import { ScheduleEditor } from './schedule-editor';

export type ServerFieldErrors = NonNullable<ErrorBody['details']>;

/** The contract's bound (2,000,000 W or A) as typed: kW for W. */
const maxShown = (unit: 'A' | 'W') => (unit === 'W' ? 2_000 : 2_000_000);

/** Add and edit share this form; on add it also picks the first charge points. */
export function GroupForm({
  initial,
  withMembers,
  submitting,
  submitLabel,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  initial?: GroupFormValues;
  withMembers: boolean;
  submitting: boolean;
  submitLabel: string;
  fieldErrors?: ServerFieldErrors;
  onSubmit: (values: GroupFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('smartCharging');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<GroupFormValues>();
  const { data: me } = useMe();
  const operators = useOperatorOptions();
  const unit = Form.useWatch('chargingRateUnit', form) ?? initial?.chargingRateUnit ?? 'A';
  const operatorId = Form.useWatch('operatorId', form) ?? initial?.operatorId;
  const shown = shownUnit(unit);
  const max = maxShown(unit);

  useEffect(() => {
    if (!fieldErrors?.length) return;
    form.setFields(
      fieldErrors.map((e) => ({
        name: e.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        errors: [e.message],
      })) as Parameters<typeof form.setFields>[0],
    );
  }, [fieldErrors, form]);

  // A new unit carries the typed powers over, so "32 A" becomes about "22.1 kW" on 3 phases.
  const onValuesChange = (changed: Partial<GroupFormValues>, all: GroupFormValues) => {
    if (!changed.chargingRateUnit) return;
    const from = changed.chargingRateUnit === 'A' ? 'W' : 'A';
    const to = changed.chargingRateUnit;
    const carry = (v: number | undefined | null) =>
      typeof v === 'number' ? convertShown(v, from, to, all.phases) : v;
    form.setFieldsValue({
      maxPower: carry(all.maxPower) as number,
      minPerSession: carry(all.minPerSession) as number,
      schedule: all.schedule?.map((p) => ({ ...p, limit: carry(p.limit) as number })),
    });
  };

  return (
    <Form<GroupFormValues>
      form={form}
      layout="vertical"
      name="smartChargingGroup"
      initialValues={initial ?? { ...NEW_GROUP, operatorId: me?.operatorId }}
      onValuesChange={onValuesChange}
      onFinish={onSubmit}
      scrollToFirstError
    >
      <Card title={t('form.general')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.name')}
              name="name"
              rules={[{ required: true, whitespace: true }, { max: 100 }]}
            >
              <Input autoComplete="off" data-testid="sc-name" />
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
                onChange={() => form.setFieldValue('chargePointIds', [])}
                data-testid="sc-operator"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.unit')} name="chargingRateUnit" rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={CHARGING_RATE_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
                data-testid="sc-unit"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('fields.phases')} name="phases" rules={[{ required: true }]}>
              <Select
                options={[1, 3].map((p) => ({ value: p, label: t('form.phases', { count: p }) }))}
                data-testid="sc-phases"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label={t('fields.timeZone')} name="timeZone" rules={[{ required: true }]}>
              <Select
                showSearch
                options={timeZones(initial?.timeZone).map((z) => ({ value: z, label: z }))}
                data-testid="sc-time-zone"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('fields.mode')} name="mode" rules={[{ required: true }]}>
              <Radio.Group data-testid="sc-mode">
                <Flex vertical gap={8}>
                  {SMART_CHARGING_MODES.map((m) => (
                    <Radio key={m} value={m}>
                      {t(`modes.${m}`)} — <span style={{ opacity: 0.75 }}>{t(`modeHelp.${m}`)}</span>
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.limits')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.maxPower')}
              name="maxPower"
              extra={t('form.maxPowerHelp')}
              rules={[{ required: true }, { type: 'number', min: 0.1, max }]}
            >
              <InputNumber<number>
                min={0}
                max={max}
                suffix={shown}
                style={{ width: '100%' }}
                data-testid="sc-max-power"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.minPerSession')}
              name="minPerSession"
              extra={t('form.minHelp')}
              dependencies={['maxPower']}
              rules={[
                { required: true },
                { type: 'number', min: 0, max },
                ({ getFieldValue }) => ({
                  validator: (_, v: number | undefined) => {
                    const top = getFieldValue('maxPower') as number | undefined;
                    return typeof v === 'number' && typeof top === 'number' && v > top
                      ? Promise.reject(new Error(t('form.minAboveMax')))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <InputNumber<number>
                min={0}
                max={max}
                suffix={shown}
                style={{ width: '100%' }}
                data-testid="sc-min"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.schedule')} style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <span style={{ opacity: 0.75 }}>{t('form.scheduleHelp')}</span>
          <ScheduleEditor unit={shown} max={max} />
        </Flex>
      </Card>
      {withMembers && (
        <Card title={t('form.members')} style={{ marginBottom: 16 }}>
          <Form.Item name="chargePointIds" valuePropName="selected" trigger="onChange" noStyle>
            <MembersField operatorId={operatorId} />
          </Form.Item>
        </Card>
      )}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="sc-submit">
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}

/** The picker as a form field (Form.Item hands it `selected` and `onChange`). */
function MembersField({
  operatorId,
  selected,
  onChange,
}: {
  operatorId: number | undefined;
  selected?: string[];
  onChange?: (ids: string[]) => void;
}) {
  return (
    <ChargePointPicker
      operatorId={operatorId}
      selected={selected ?? []}
      onChange={(ids) => onChange?.(ids)}
    />
  );
}
