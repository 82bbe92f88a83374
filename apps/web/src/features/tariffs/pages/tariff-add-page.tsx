import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { fieldErrorsOf } from '../server-errors';
import { useCreateTariff } from '../api/create-tariff';
import { TariffForm } from '../components/tariff-form';
import { toTariffBody } from '../form-values';
import { TARIFFS_PATH, tariffDetailPath } from '../paths';

export default function TariffAddPage() {
  const { t } = useTranslation('tariffs');
  const navigate = useNavigate();
  const create = useCreateTariff();

  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={TARIFFS_PATH} />
      <TariffForm
        submitLabel={t('form.create')}
        submitting={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        onCancel={() => void navigate(TARIFFS_PATH)}
        onSubmit={(values) =>
          create.mutate(toTariffBody(values), {
            onSuccess: (tariff) => void navigate(tariffDetailPath(tariff.id)),
          })
        }
      />
    </>
  );
}
