import { Alert, Button, Form } from 'antd';
import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import { TextInput } from '../../../components/light/inputs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ForgotBody } from '@voltline/contract';
import { LOGIN_PATH } from '../../../config/app';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeader } from '../components/auth-header';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();

  return (
    <>
      <AuthHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      {forgot.isSuccess ? (
        <Alert type="success" showIcon title={t('forgot.sentTitle')} description={t('forgot.sent')} />
      ) : (
        <Form<ForgotBody>
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => forgot.mutate(values)}
          name="forgot"
        >
          <Form.Item label={t('fields.email')} name="email" rules={[{ required: true }, { type: 'email' }]}>
            <TextInput prefix={<MailOutlined />} autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
            {t('forgot.submit')}
          </Button>
        </Form>
      )}
      <div style={{ textAlign: 'center', marginTop: 24 }}>
        <Link to={LOGIN_PATH}>
          <ArrowLeftOutlined /> {t('common.backToLogin')}
        </Link>
      </div>
    </>
  );
}
