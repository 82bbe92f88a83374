import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useCreateDriver } from '../api/create-driver';
import { DriverForm } from '../components/driver-form';
import { addressBody, cardBody, vehicleBody } from '../form-values';
import { DRIVERS_PATH, driverDetailPath } from '../paths';
import { fieldErrorsOf } from '../server-errors';

export default function DriverAddPage() {
  const { t } = useTranslation('drivers');
  const navigate = useNavigate();
  const create = useCreateDriver();

  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={DRIVERS_PATH} />
      <DriverForm
        submitting={create.isPending}
        fieldErrors={fieldErrorsOf(create.error)}
        onCancel={() => void navigate(DRIVERS_PATH)}
        onSubmit={({ addresses, vehicles, rfidCards, password, ...values }) =>
          create.mutate(
            {
              ...values,
              email: values.email || null,
              phone: values.phone || null,
              ...(password ? { password } : {}),
              addresses: (addresses ?? []).map(addressBody),
              vehicles: (vehicles ?? []).map(vehicleBody),
              rfidCards: (rfidCards ?? []).map(cardBody),
            },
            { onSuccess: (driver) => void navigate(driverDetailPath(driver.id)) },
          )
        }
      />
    </>
  );
}
