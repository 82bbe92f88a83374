import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USERS_PATH } from '../paths';

export function UserNotFound() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(USERS_PATH)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
