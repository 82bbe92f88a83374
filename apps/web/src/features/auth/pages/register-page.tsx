import { Alert, Button, Col, Form, Row } from 'antd';
import { PasswordInput, TextInput } from '../../../components/light/inputs';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegisterBody } from '@voltline/contract';
import { useConfig } from '../../../api/get-config';
import { PageLoader } from '../../../components/page-loader';
import { LOGIN_PATH } from '../../../config/app';
import { passwordRules } from '../../../lib/form-rules';
import { useRegister } from '../api/register';
import { AuthHeader } from '../components/auth-header';

/**
 * Self-service sign-up of a new operator; offered only when the server enables it. The answer is
 * the same whether the address has an account: the e-mail tells the rest.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const config = useConfig();
  const register = useRegister();

  if (config.isPending) return <PageLoader />;
  if (!config.data?.registrationEnabled) return <Navigate to={LOGIN_PATH} replace />;

  return (
    <>
      <AuthHeader title={t('register.title')} subtitle={t('register.subtitle')} />
      {register.isSuccess ? (
        <Alert
          type="success"
          showIcon
          title={t('register.sentTitle')}
          description={t('register.sent')}
          data-testid="register-sent"
        />
      ) : (
        <Form<RegisterBody>
          layout="vertical"
          size="large"
          requiredMark={false}
          name="register"
          onFinish={(values) => register.mutate(values)}
        >
          <Form.Item
            label={t('fields.companyName')}
            name="companyName"
            rules={[
              { required: true, whitespace: true },
              { min: 2, max: 120 },
            ]}
          >
            <TextInput autoComplete="organization" autoFocus />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                label={t('fields.name')}
                name="name"
                rules={[{ required: true, whitespace: true }, { max: 80 }]}
              >
                <TextInput autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                label={t('fields.surname')}
                name="surname"
                rules={[{ required: true, whitespace: true }, { max: 80 }]}
              >
                <TextInput autoComplete="family-name" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('fields.email')} name="email" rules={[{ required: true }, { type: 'email' }]}>
            <TextInput autoComplete="email" />
          </Form.Item>
          <Form.Item
            label={t('fields.password')}
            name="password"
            rules={passwordRules(tc)}
            validateFirst
            extra={t('fields.passwordHint')}
          >
            <PasswordInput autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={register.isPending}>
            {t('register.submit')}
          </Button>
        </Form>
      )}
      <p className="auth-footer-link">
        {t('register.haveAccount')} <Link to={LOGIN_PATH}>{t('login.submit')}</Link>
      </p>
    </>
  );
}
