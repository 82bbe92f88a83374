import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatIban, ibanRules, taxIdRules } from '../validation';

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);
const name = (field: string) => ['merchant', field];

/** The legal entity paid for the operator's charging: identity, bank account, address and contact. */
export function MerchantFields() {
  const { t } = useTranslation('operators');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('merchant.legalName')}
          name={name('legalName')}
          rules={[{ required: true, whitespace: true }, { max: 200 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          label={t('merchant.taxId')}
          name={name('taxId')}
          rules={taxIdRules(t)}
          normalize={(v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : v)}
          extra={t('merchant.taxIdHint')}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item label={t('merchant.taxOffice')} name={name('taxOffice')} rules={[{ max: 80 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('merchant.iban')}
          name={name('iban')}
          rules={ibanRules(t)}
          normalize={(v: unknown) => (typeof v === 'string' ? formatIban(v) : v)}
        >
          <Input
            maxLength={42}
            style={{ fontFamily: 'monospace' }}
            placeholder="TR00 0000 0000 0000 0000 0000 00"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label={t('merchant.addressLine1')}
          name={name('addressLine1')}
          rules={[{ required: true, whitespace: true }, { max: 200 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label={t('merchant.addressLine2')} name={name('addressLine2')} rules={[{ max: 200 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item
          label={t('merchant.city')}
          name={name('city')}
          rules={[{ required: true, whitespace: true }, { max: 80 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={12} md={3}>
        <Form.Item
          label={t('merchant.country')}
          name={name('country')}
          normalize={upper}
          rules={[{ required: true }, { pattern: /^[A-Z]{2}$/, message: t('validation.country') }]}
        >
          <Input maxLength={2} />
        </Form.Item>
      </Col>
      <Col xs={12} md={3}>
        <Form.Item label={t('merchant.zipCode')} name={name('zipCode')} rules={[{ max: 16 }]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('merchant.contactName')}
          name={name('contactName')}
          rules={[{ required: true, whitespace: true }, { max: 120 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label={t('merchant.contactEmail')}
          name={name('contactEmail')}
          rules={[{ required: true }, { type: 'email' }, { max: 254 }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('merchant.contactPhone')} name={name('contactPhone')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
      </Col>
    </Row>
  );
}
