import { Button, Card, Flex, Switch, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { useTariffs } from '../api/get-tariffs';
import { TariffTable } from '../components/tariff-table';
import { useTariffActions } from '../components/use-tariff-actions';
import { TARIFFS_PATH } from '../paths';

export default function TariffListPage() {
  const { t } = useTranslation('tariffs');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const canWrite = useCan('tariffs:write');
  const [params, setParams] = useSearchParams();
  const includeRetired = params.get('retired') === 'true';
  const tariffs = useTariffs(includeRetired);
  const actions = useTariffActions();

  return (
    <>
      {actions.holder}
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${TARIFFS_PATH}/add`)}
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: '12px 16px' } }}>
        <Flex align="center" gap={8}>
          <Switch
            checked={includeRetired}
            onChange={(on) => setParams(on ? { retired: 'true' } : {}, { replace: true })}
            aria-label={t('list.showRetired')}
            data-testid="tariff-show-retired"
          />
          <Typography.Text>{t('list.showRetired')}</Typography.Text>
        </Flex>
      </Card>
      <Card styles={{ body: { padding: 0 } }} aria-label={tc('menu.tariffs')}>
        <TariffTable tariffs={tariffs.data} loading={tariffs.isFetching} actions={actions} />
      </Card>
    </>
  );
}
