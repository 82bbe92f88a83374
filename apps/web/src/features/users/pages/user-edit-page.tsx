import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { UserForm } from '../components/user-form';
import { UserNotFound } from '../components/user-not-found';
import { USERS_PATH } from '../paths';
import { useCanManage } from '../use-can-manage';
import { useIsLastAdmin } from '../use-last-admin';
import NoAccess from '../../../components/no-access';
import { fieldErrorsOf } from '../server-errors';

export default function UserEditPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const id = Number(useParams().userId);
  const user = useUser(id);
  const update = useUpdateUser();
  const detail = `${USERS_PATH}/detail/${id}`;
  const canManage = useCanManage(user.data);
  const lastAdmin = useIsLastAdmin(user.data);

  if (user.isPending && user.fetchStatus !== 'idle') return <PageLoader />;
  if (!user.data) return <UserNotFound />;
  if (!canManage) return <NoAccess />;

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: `${user.data.name} ${user.data.surname}` })}
        subtitle={user.data.email}
        backTo={detail}
      />
      <UserForm
        key={user.data.updatedAt}
        user={user.data}
        lastAdmin={lastAdmin}
        submitting={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        onCancel={() => void navigate(detail)}
        onSubmit={({ password, ...values }) =>
          update.mutate(
            { ...values, id, phone: values.phone || null, ...(password ? { password } : {}) },
            { onSuccess: () => void navigate(detail) },
          )
        }
      />
    </>
  );
}
