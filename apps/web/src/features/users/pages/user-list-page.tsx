import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { DownloadButton } from '../../../components/download-button';
import { useFileDownload } from '../../../hooks/use-file-download';
import { useListView } from '../../../hooks/use-search-view';
import { useCan } from '../../../hooks/use-permission';
import { datedFileName } from '../../../lib/download';
import { useUsers } from '../api/get-users';
import { exportUsers } from '../api/export-users';
import { UserFilters } from '../components/user-filters';
import { UserTable } from '../components/user-table';
import { filterFromParams, filterToParams } from '../filter-params';
import { USERS_PATH } from '../paths';

export default function UserListPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const canWrite = useCan('users:write');
  const {
    view: { index, filter },
    setFilter,
  } = useListView(filterFromParams, filterToParams);
  const users = useUsers(index, filter);
  const excel = useFileDownload();

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          <>
            <DownloadButton
              progress={excel.progress}
              onClick={() => void excel.download((p) => exportUsers(filter, p), datedFileName('users'))}
            />
            {canWrite && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(`${USERS_PATH}/add`)}
              >
                {t('list.add')}
              </Button>
            )}
          </>
        }
      />
      <UserFilters value={filter} onChange={(next) => setFilter(next)} />
      <Card styles={{ body: { padding: 0 } }} aria-label={tc('menu.users')}>
        <UserTable page={users.data} loading={users.isFetching} onPage={(i) => setFilter(filter, i)} />
      </Card>
    </>
  );
}
