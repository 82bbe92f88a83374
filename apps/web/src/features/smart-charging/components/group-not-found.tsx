import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SMART_CHARGING_PATH } from '../paths';

export function GroupNotFound() {
  const { t } = useTranslation('smartCharging');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(SMART_CHARGING_PATH)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
