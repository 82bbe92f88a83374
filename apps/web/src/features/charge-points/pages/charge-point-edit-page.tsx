import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useChargePoint } from '../api/get-charge-point';
import { useUpdateChargePoint } from '../api/update-charge-point';
import { ChargePointForm } from '../components/charge-point-form';
import { ChargePointNotFound } from '../components/charge-point-not-found';
import { toFormValues, toUpdateBody } from '../form-values';
import { detailPath } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function ChargePointEditPage() {
  const { t } = useTranslation('chargePoints');
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const cp = useChargePoint(id);
  const update = useUpdateChargePoint();

  if (cp.isPending && cp.fetchStatus !== 'idle') return <PageLoader />;
  if (!cp.data) return <ChargePointNotFound />;
  const detail = detailPath(cp.data.chargePointId);
  const dbId = cp.data.id;

  return (
    <>
      <PageHeader
        title={t('edit.title', { id: cp.data.chargePointId })}
        subtitle={cp.data.name}
        backTo={detail}
      />
      <ChargePointForm
        key={cp.data.id}
        editing
        initial={toFormValues(cp.data)}
        submitting={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        onCancel={() => void navigate(detail)}
        onSubmit={(values) =>
          update.mutate(toUpdateBody(dbId, values), { onSuccess: () => void navigate(detail) })
        }
      />
    </>
  );
}
