import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCreateUser } from '../api/create-user';
import { UserForm } from '../components/user-form';
import { USERS_PATH } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function UserAddPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const create = useCreateUser();

  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={USERS_PATH} />
      <UserForm
        submitting={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        onCancel={() => void navigate(USERS_PATH)}
        onSubmit={(values) =>
          create.mutate(
            { ...values, password: values.password ?? '', phone: values.phone || null },
            { onSuccess: (user) => void navigate(`${USERS_PATH}/detail/${user.id}`) },
          )
        }
      />
    </>
  );
}
