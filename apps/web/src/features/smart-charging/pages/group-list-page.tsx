import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { useListView } from '../../../hooks/use-search-view';
import { useGroups } from '../api/get-groups';
import { GroupFilters } from '../components/group-filters';
import { GroupTable } from '../components/group-table';
import { filterFromParams, filterToParams } from '../filter-params';
import { SMART_CHARGING_PATH } from '../paths';

export default function GroupListPage() {
  const { t } = useTranslation('smartCharging');
  const navigate = useNavigate();
  const canWrite = useCan('smartCharging:write');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const groups = useGroups(index, filter);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${SMART_CHARGING_PATH}/add`)}
              data-testid="sc-add"
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <GroupFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={t('list.title')}>
        <GroupTable page={groups.data} loading={groups.isFetching} onPage={(i) => setFilter(filter, i)} />
      </Card>
    </>
  );
}
