import { Button, Card, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../hooks/use-permission';
import { useArchivedOperators } from '../api/get-archived-operators';
import { useOperatorTree } from '../api/get-operator-tree';
import { ArchivedTable } from '../components/archived-table';
import { OperatorTreeTable } from '../components/operator-tree-table';
import { RefusalAlert } from '../components/refusal-alert';
import { OPERATORS_PATH } from '../paths';
import { useArchiveActions } from '../use-archive-actions';

export default function OperatorListPage() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  const canWrite = useCan('operators:write');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'archived' ? 'archived' : 'active';
  const tree = useOperatorTree();
  const archived = useArchivedOperators(tab === 'archived');
  const actions = useArchiveActions();

  return (
    <>
      {actions.modalHolder}
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${OPERATORS_PATH}/add`)}
            >
              {t('list.add')}
            </Button>
          )
        }
      />
      <RefusalAlert refusal={actions.refusal} onClose={actions.clearRefusal} />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'archived' ? { tab: key } : {}, { replace: true })}
          items={[
            {
              key: 'active',
              label: t('list.activeTab'),
              children: (
                <OperatorTreeTable
                  tree={tree.data}
                  loading={tree.isFetching}
                  canWrite={canWrite}
                  blockOf={actions.blockOf}
                  onArchive={(o) => actions.confirmArchive(o)}
                  onUnarchive={(o) => actions.confirmUnarchive(o)}
                />
              ),
            },
            {
              key: 'archived',
              label: t('list.archivedTab'),
              children: (
                <ArchivedTable
                  operators={archived.data}
                  loading={archived.isFetching}
                  canWrite={canWrite}
                  blockOf={actions.blockOf}
                  onUnarchive={(o) => actions.confirmUnarchive(o)}
                />
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
