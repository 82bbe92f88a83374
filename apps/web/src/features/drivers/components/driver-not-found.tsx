import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DRIVERS_PATH } from '../paths';

export function DriverNotFound() {
  const { t } = useTranslation('drivers');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(DRIVERS_PATH)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
