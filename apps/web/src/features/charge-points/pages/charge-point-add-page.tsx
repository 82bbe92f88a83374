import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChargePointCredentials } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { useCreateChargePoint } from '../api/create-charge-point';
import { ChargePointForm } from '../components/charge-point-form';
import { CredentialsCard } from '../components/credentials-card';
import { toCreateBody } from '../form-values';
import { detailPath, DEVICES_PATH } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function ChargePointAddPage() {
  const { t } = useTranslation('chargePoints');
  const navigate = useNavigate();
  const create = useCreateChargePoint();
  const [credentials, setCredentials] = useState<ChargePointCredentials | null>(null);

  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={DEVICES_PATH} />
      {credentials ? (
        <CredentialsCard
          credentials={credentials}
          doneLabel={t('credentials.toDetail')}
          onDone={() => void navigate(detailPath(credentials.chargePoint.chargePointId))}
        />
      ) : (
        <ChargePointForm
          editing={false}
          submitting={create.isPending}
          fieldErrors={fieldErrorsOf(create.error)}
          onCancel={() => void navigate(DEVICES_PATH)}
          onSubmit={(values) => create.mutate(toCreateBody(values), { onSuccess: setCredentials })}
        />
      )}
    </>
  );
}
