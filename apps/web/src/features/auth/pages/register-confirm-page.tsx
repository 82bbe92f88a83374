import { useEffect, useRef } from 'react';
import { Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH, REGISTER_PATH } from '../../../config/app';
import { useConfirmRegistration } from '../api/register';

/** Opened from the e-mailed link `/auth/register/confirm?token=...`: creates the network, signs in. */
export default function RegisterConfirmPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmRegistration();
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token || confirm.isError) {
    return (
      <Result
        status="warning"
        title={t('registerConfirm.failedTitle')}
        subTitle={t('registerConfirm.failed')}
        extra={
          <>
            <Link to={REGISTER_PATH}>{t('login.register')}</Link> ·{' '}
            <Link to={LOGIN_PATH}>{t('login.submit')}</Link>
          </>
        }
      />
    );
  }
  return (
    <Result
      icon={<Spin size="large" />}
      title={t('registerConfirm.working')}
      data-testid="register-confirm"
    />
  );
}
