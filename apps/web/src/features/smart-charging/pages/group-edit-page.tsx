import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useGroup } from '../api/get-group';
import { useUpdateGroup } from '../api/update-group';
import { GroupForm } from '../components/group-form';
import { GroupNotFound } from '../components/group-not-found';
import { fromGroup, toGroupUpdate } from '../form-values';
import { groupDetailPath } from '../paths';
import { fieldErrorsOf } from '../server-errors';

/** The group's settings; its members are added and removed on the detail screen. */
export default function GroupEditPage() {
  const { t } = useTranslation('smartCharging');
  const navigate = useNavigate();
  const id = Number(useParams().groupId);
  const group = useGroup(id);
  const update = useUpdateGroup();
  const detail = groupDetailPath(id);

  if (group.isPending && group.fetchStatus !== 'idle') return <PageLoader />;
  if (!group.data) return <GroupNotFound />;

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: group.data.name })}
        subtitle={group.data.operatorName}
        backTo={detail}
      />
      <GroupForm
        key={group.data.updatedAt}
        initial={fromGroup(group.data)}
        withMembers={false}
        submitLabel={t('form.save')}
        submitting={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        onCancel={() => void navigate(detail)}
        onSubmit={(values) =>
          update.mutate({ id, body: toGroupUpdate(values) }, { onSuccess: () => void navigate(detail) })
        }
      />
    </>
  );
}
