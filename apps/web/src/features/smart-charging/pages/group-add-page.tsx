import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCreateGroup } from '../api/create-group';
import { GroupForm } from '../components/group-form';
import { toNewGroup } from '../form-values';
import { groupDetailPath, SMART_CHARGING_PATH } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function GroupAddPage() {
  const { t } = useTranslation('smartCharging');
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={SMART_CHARGING_PATH} />
      <GroupForm
        withMembers
        submitLabel={t('form.create')}
        submitting={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        onCancel={() => void navigate(SMART_CHARGING_PATH)}
        onSubmit={(values) =>
          create.mutate(toNewGroup(values), {
            onSuccess: (group) => void navigate(groupDetailPath(group.id)),
          })
        }
      />
    </>
  );
}
