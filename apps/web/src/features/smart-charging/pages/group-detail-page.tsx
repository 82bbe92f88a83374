import { Button, Flex } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../components/confirm-action';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { useDeleteGroup } from '../api/delete-group';
import { useGroupDetail } from '../api/get-group-detail';
import { AllocationCard } from '../components/allocation-table';
import { CompositeSchedulesButton } from '../components/composite-schedules';
import { GroupNotFound } from '../components/group-not-found';
import { MembersCard } from '../components/members-card';
import { PowerCard } from '../components/power-card';
import { SettingsCard } from '../components/settings-card';
import { groupEditPath, SMART_CHARGING_PATH } from '../paths';

export default function GroupDetailPage() {
  const { t } = useTranslation('smartCharging');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const id = Number(useParams().groupId);
  const group = useGroupDetail(id);
  const canWrite = useCan('smartCharging:write');
  const remove = useDeleteGroup();

  if (group.isPending && group.fetchStatus !== 'idle') return <PageLoader />;
  if (!group.data) return <GroupNotFound />;
  const g = group.data;

  return (
    <>
      <PageHeader
        title={g.name}
        subtitle={t('detail.subtitle')}
        backTo={SMART_CHARGING_PATH}
        extra={
          <Flex gap={8} wrap>
            <CompositeSchedulesButton groupId={g.id} />
            {canWrite && (
              <>
                <Button icon={<EditOutlined />} onClick={() => void navigate(groupEditPath(g.id))}>
                  {tc('actions.edit')}
                </Button>
                <ConfirmAction
                  icon={<DeleteOutlined />}
                  label={tc('actions.delete')}
                  title={t('delete.title', { name: g.name })}
                  description={t('delete.warning')}
                  okText={tc('actions.delete')}
                  loading={remove.isPending}
                  onConfirm={() =>
                    remove.mutate(g.id, {
                      onSuccess: () => void navigate(SMART_CHARGING_PATH, { replace: true }),
                    })
                  }
                  testId="sc-delete"
                />
              </>
            )}
          </Flex>
        }
      />
      <SettingsCard group={g} />
      <AllocationCard group={g} />
      <PowerCard groupId={g.id} />
      <MembersCard group={g} canWrite={canWrite} />
    </>
  );
}
