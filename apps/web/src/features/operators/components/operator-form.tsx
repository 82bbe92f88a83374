import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, Row, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalSeparator } from '../../../lib/billing-format';
import type { MerchantInput, OperatorDetail } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useOperatorLookup } from '../api/get-operator-lookup';
import { NETWORK_CURRENCY } from '../money';
import { parentOptions } from '../parent-options';
import type { ServerFieldErrors } from '../server-errors';
import { useServerErrors } from '../use-server-errors';
import { formatIban } from '../validation';
import { MerchantFields } from './merchant-fields';
import { PriceTermsFields } from './price-terms-fields';

export interface OperatorFormValues {
  name: string;
  parentId?: number | null;
  email?: string | null;
  supportEmail?: string | null;
  phone?: string | null;
  heartbeatInterval: number;
  prepaid: boolean;
  /** Major units in the form; the API takes minor units. */
  minBalance: number;
  role?: string | null;
  /** No longer on the form: unknown chargers are held for an Admin, never placed in an operator. */
  autoRegisterChargePoints?: boolean;
  /** Percent in the form (20); the API takes basis points (2000). */
  vatRate: number;
  pricesIncludeVat: boolean;
  timeZone: string;
  /** Major units in the form; the API takes minor units. */
  adhocHoldAmount: number;
  /** Open data (AFIR Art. 20): its charge points and tariffs on the public routes. */
  publishOpenData: boolean;
  merchant?: MerchantInput;
}

/** Operator settings of spec §3 and, below them, the merchant saved with the operator. */
export function OperatorForm({
  operator,
  defaultParentId,
  submitting,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  operator?: OperatorDetail;
  defaultParentId?: number;
  submitting: boolean;
  fieldErrors?: ServerFieldErrors;
  onSubmit: (values: OperatorFormValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<OperatorFormValues>();
  const { data: me } = useMe();
  const lookup = useOperatorLookup();
  const isAdmin = me?.roles.includes('Admin') ?? false;
  // An operator saved before merchants existed gets one only when the user opts in.
  const [withMerchant, setWithMerchant] = useState(!operator || operator.merchant !== null);
  const prepaid = Form.useWatch('prepaid', form);
  useServerErrors(form, fieldErrors);

  const initial: Partial<OperatorFormValues> = operator
    ? {
        ...operator,
        minBalance: operator.minBalance / 100,
        vatRate: operator.vatRate / 100,
        adhocHoldAmount: operator.adhocHoldAmount / 100,
        merchant: operator.merchant
          ? { ...operator.merchant, iban: formatIban(operator.merchant.iban) }
          : undefined,
      }
    : {
        parentId: defaultParentId ?? me?.operatorId,
        heartbeatInterval: 300,
        prepaid: false,
        minBalance: 0,
        vatRate: 20,
        pricesIncludeVat: true,
        timeZone: 'Europe/Istanbul',
        adhocHoldAmount: 500,
        publishOpenData: false,
        merchant: { country: 'TR' } as MerchantInput,
      };
  // Only an Admin may have a top-level operator; for an existing top-level operator the field stays empty.
  const parentRequired = !isAdmin && !(operator && operator.parentId === null);

  return (
    <Form<OperatorFormValues>
      form={form}
      layout="vertical"
      name="operator"
      initialValues={initial}
      onFinish={(values) => onSubmit(withMerchant ? values : { ...values, merchant: undefined })}
      scrollToFirstError
    >
      <Card title={t('form.operator')} style={{ marginBottom: 16 }}>
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
            <Form.Item
              label={t('fields.parent')}
              name="parentId"
              rules={[{ required: parentRequired }]}
              extra={isAdmin ? t('form.parentAdminHint') : undefined}
            >
              <TreeSelect
                allowClear={isAdmin}
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                loading={lookup.isPending}
                disabled={operator?.parentId === null && !isAdmin}
                placeholder={isAdmin ? t('form.topLevel') : undefined}
                treeData={parentOptions(lookup.data ?? [], operator?.id)}
                data-testid="operator-form-parent"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.email')} name="email" rules={[{ type: 'email' }, { max: 254 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.supportEmail')}
              name="supportEmail"
              rules={[{ type: 'email' }, { max: 254 }]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.phone')} name="phone" rules={[{ max: 32 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.role')} name="role" rules={[{ max: 60 }]} extra={t('form.roleHint')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.heartbeatInterval')}
              name="heartbeatInterval"
              rules={[{ required: true }, { type: 'integer', min: 10, max: 86_400 }]}
              extra={t('form.heartbeatHint')}
            >
              <InputNumber<number>
                style={{ width: '100%' }}
                precision={0}
                min={0}
                addonAfter={t('units.s')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.prepaid')}
              name="prepaid"
              valuePropName="checked"
              extra={t('form.prepaidHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.minBalance')}
              name="minBalance"
              rules={[{ required: true }, { type: 'number', min: 0, max: 1_000_000 }]}
              extra={prepaid ? t('form.minBalanceHint') : t('form.minBalanceUnused')}
            >
              <InputNumber<number>
                style={{ width: '100%' }}
                precision={2}
                decimalSeparator={decimalSeparator(i18n.language)}
                min={0}
                addonAfter={NETWORK_CURRENCY}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.adhocHoldAmount')}
              name="adhocHoldAmount"
              rules={[{ required: true }, { type: 'number', min: 1, max: 100_000 }]}
              extra={t('form.adhocHoldAmountHint')}
            >
              <InputNumber<number>
                style={{ width: '100%' }}
                precision={2}
                decimalSeparator={decimalSeparator(i18n.language)}
                min={0}
                addonAfter={NETWORK_CURRENCY}
                data-testid="operator-form-adhoc-hold"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="publishOpenData" valuePropName="checked" extra={t('form.publishOpenDataHint')}>
              <Checkbox data-testid="operator-form-open-data">{t('fields.publishOpenData')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.prices')} style={{ marginBottom: 16 }}>
        <PriceTermsFields currentZone={operator?.timeZone} />
      </Card>
      <Card
        title={t('form.merchant')}
        style={{ marginBottom: 16 }}
        extra={
          operator?.merchant === null && (
            <Switch checked={withMerchant} onChange={setWithMerchant} aria-label={t('form.addMerchant')} />
          )
        }
      >
        {withMerchant ? (
          <MerchantFields />
        ) : (
          <Alert type="info" showIcon message={t('form.noMerchant')} description={t('form.noMerchantHint')} />
        )}
      </Card>
      <Row justify="end" gutter={8}>
        <Col>
          <Button onClick={onCancel}>{tc('actions.cancel')}</Button>
        </Col>
        <Col>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {operator ? tc('actions.save') : t('form.create')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
