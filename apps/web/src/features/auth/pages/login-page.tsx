import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@voltline/contract';
import { useConfig } from '../../../api/get-config';
import { PasswordInput, TextInput } from '../../../components/light/inputs';
import { FORGOT_PASSWORD_PATH, REGISTER_PATH } from '../../../config/app';
import { useLogin } from '../api/login';
import { AuthHeader } from '../components/auth-header';
import { LightField } from '../components/light-field';
import { validateLogin, type LoginErrors } from '../login-validation';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const login = useLogin();
  const { data: config } = useConfig();
  const [values, setValues] = useState<LoginBody>({ Email: '', Password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const labels = { Email: t('fields.email'), Password: t('fields.password') };

  const change = (field: keyof LoginBody, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next, tc, labels));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateLogin(values, tc, labels);
    setErrors(found);
    if (Object.keys(found).length === 0) login.mutate({ ...values, Email: values.Email.trim() });
  };

  return (
    <>
      <AuthHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <form name="login" noValidate onSubmit={submit}>
        <LightField id="login_Email" label={labels.Email} error={errors.Email}>
          <TextInput
            id="login_Email"
            size="large"
            type="email"
            prefix={<MailOutlined />}
            autoComplete="username"
            autoFocus
            status={errors.Email ? 'error' : undefined}
            aria-invalid={Boolean(errors.Email)}
            value={values.Email}
            onChange={(e) => change('Email', e.target.value)}
          />
        </LightField>
        <LightField id="login_Password" label={labels.Password} error={errors.Password}>
          <PasswordInput
            id="login_Password"
            size="large"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            status={errors.Password ? 'error' : undefined}
            aria-invalid={Boolean(errors.Password)}
            value={values.Password}
            onChange={(e) => change('Password', e.target.value)}
          />
        </LightField>
        <div style={{ textAlign: 'end', marginTop: -8, marginBottom: 20 }}>
          <Link to={FORGOT_PASSWORD_PATH}>{t('login.forgot')}</Link>
        </div>
        <Button type="primary" size="large" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      {config?.registrationEnabled && (
        <p className="auth-footer-link">
          {t('login.noAccount')} <Link to={REGISTER_PATH}>{t('login.register')}</Link>
        </p>
      )}
    </>
  );
}
