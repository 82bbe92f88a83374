import { Alert } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { fieldErrorsOf } from '../server-errors';
import { useTariff } from '../api/get-tariff';
import { useUpdateTariff } from '../api/update-tariff';
import { TariffForm } from '../components/tariff-form';
import { TariffNotFound } from '../components/tariff-not-found';
import { fromTariff, toTariffBody } from '../form-values';
import { tariffDetailPath } from '../paths';

export default function TariffEditPage() {
  const { t } = useTranslation('tariffs');
  const navigate = useNavigate();
  const id = Number(useParams().tariffId);
  const tariff = useTariff(id);
  const update = useUpdateTariff();
  const detail = tariffDetailPath(id);

  if (tariff.isPending && tariff.fetchStatus !== 'idle') return <PageLoader />;
  if (!tariff.data) return <TariffNotFound />;

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: tariff.data.name })}
        subtitle={tariff.data.operatorName}
        backTo={detail}
      />
      {tariff.data.inUse && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('edit.inUseNotice')} />
      )}
      <TariffForm
        key={tariff.data.updatedAt}
        initial={fromTariff(tariff.data)}
        submitLabel={t('form.save')}
        submitting={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        onCancel={() => void navigate(detail)}
        onSubmit={(values) =>
          update.mutate({ id, ...toTariffBody(values) }, { onSuccess: () => void navigate(detail) })
        }
      />
    </>
  );
}
