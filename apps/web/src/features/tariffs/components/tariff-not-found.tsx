import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TARIFFS_PATH } from '../paths';

export function TariffNotFound() {
  const { t } = useTranslation('tariffs');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(TARIFFS_PATH)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
