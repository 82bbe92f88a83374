import { Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

export function ContactFields() {
  const { t } = useTranslation('chargePoints');
  return (
    <Card title={t('form.contact')} style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.contactName')} name="contactName" rules={[{ max: 120 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('fields.contactPhone')} name="contactPhone" rules={[{ max: 32 }]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('fields.contactEmail')}
            name="contactEmail"
            rules={[{ type: 'email' }, { max: 254 }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
