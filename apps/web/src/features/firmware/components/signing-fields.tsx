import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PEM_BEGIN = '-----BEGIN CERTIFICATE-----';

/**
 * A signed image (OCPP 1.6 security edition): the vendor's signing certificate and the file's
 * signature, both or neither. The server checks that they match the file.
 */
export function SigningFields() {
  const { t } = useTranslation('firmware');
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('signing.section')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('signing.hint')}</Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={24} md={14}>
          <Form.Item
            label={t('signing.certificate')}
            name="signingCertificate"
            dependencies={['signature']}
            rules={[
              { max: 5500 },
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  (value?.trim() ?? '') === '' && (getFieldValue('signature') as string | undefined)?.trim()
                    ? Promise.reject(new Error(t('signing.needsBoth')))
                    : value && value.trim() !== '' && !value.includes(PEM_BEGIN)
                      ? Promise.reject(new Error(t('signing.notPem')))
                      : Promise.resolve(),
              }),
            ]}
          >
            <Input.TextArea
              rows={4}
              maxLength={5500}
              placeholder={PEM_BEGIN}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              data-testid="fw-signing-certificate"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            label={t('signing.signature')}
            name="signature"
            dependencies={['signingCertificate']}
            rules={[
              { max: 800 },
              { pattern: /^[A-Za-z0-9+/=\s]*$/, message: t('signing.notBase64') },
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  (value?.trim() ?? '') === '' &&
                  (getFieldValue('signingCertificate') as string | undefined)?.trim()
                    ? Promise.reject(new Error(t('signing.needsBoth')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.TextArea
              rows={4}
              maxLength={800}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              data-testid="fw-signature"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
