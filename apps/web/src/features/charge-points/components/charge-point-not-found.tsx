import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEVICES_PATH } from '../paths';

export function ChargePointNotFound() {
  const { t } = useTranslation('chargePoints');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(DEVICES_PATH)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
