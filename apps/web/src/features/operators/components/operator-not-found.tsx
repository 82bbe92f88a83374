import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPERATORS_PATH } from '../paths';

export function OperatorNotFound() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(OPERATORS_PATH)}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
}
