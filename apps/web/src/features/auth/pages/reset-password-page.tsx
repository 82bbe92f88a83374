import { Alert, Button, Form, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { PasswordInput } from '../../../components/light/inputs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ResetPasswordBody } from '@voltline/contract';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH } from '../../../config/app';
import { passwordRules, repeatRules } from '../../../lib/form-rules';
import { useResetPassword } from '../api/reset-password';
import { AuthHeader } from '../components/auth-header';

/** Opened from the e-mailed link `/forgotPassword?token=...`. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const reset = useResetPassword();

  if (!token) {
    return (
      <Result
        status="warning"
        title={t('reset.missingTitle')}
        subTitle={t('reset.missing')}
        extra={<Link to={FORGOT_PASSWORD_PATH}>{t('reset.requestNew')}</Link>}
      />
    );
  }
  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={t('reset.doneTitle')}
        subTitle={t('reset.done')}
        extra={
          <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
            {t('login.submit')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <AuthHeader title={t('reset.title')} subtitle={t('reset.subtitle')} />
      {reset.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('reset.failed')}
          action={<Link to={FORGOT_PASSWORD_PATH}>{t('reset.requestNew')}</Link>}
        />
      )}
      <Form<ResetPasswordBody>
        layout="vertical"
        size="large"
        requiredMark={false}
        name="reset"
        onFinish={(values) => reset.mutate({ ...values, token })}
      >
        <Form.Item
          label={t('fields.newPassword')}
          name="newPassword"
          rules={passwordRules(tc)}
          validateFirst
          extra={t('fields.passwordHint')}
        >
          <PasswordInput prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('fields.newPasswordRepeat')}
          name="newPasswordRepeat"
          dependencies={['newPassword']}
          rules={repeatRules(tc, 'newPassword')}
        >
          <PasswordInput prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </>
  );
}
