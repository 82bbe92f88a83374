import { Button, Result } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/sign-out';

/**
 * A role that may not open a screen sees why, instead of a broken page. On the home path
 * ("home") it means the role opens none of the portal's areas, so going back would loop.
 */
export default function NoAccess({ variant = 'page' }: { variant?: 'page' | 'home' }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Result
      status="403"
      title={t(`noAccess.${variant}.title`)}
      subTitle={t(`noAccess.${variant}.subtitle`)}
      extra={
        variant === 'home' ? (
          <Button icon={<LogoutOutlined />} loading={signOut.isPending} onClick={() => signOut.mutate()}>
            {t('header.signOut')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate(-1)}>
            {t('actions.back')}
          </Button>
        )
      }
    />
  );
}
