import { Flex } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useDriver } from '../api/get-driver';
import { useUpdateDriver } from '../api/update-driver';
import { AddressesSection } from '../components/addresses-section';
import { CardsSection } from '../components/cards-section';
import { DriverForm } from '../components/driver-form';
import { DriverNotFound } from '../components/driver-not-found';
import { VehiclesSection } from '../components/vehicles-section';
import { driverDetailPath } from '../paths';
import { fieldErrorsOf } from '../server-errors';

/** The profile is saved with the form; addresses, vehicles and cards are saved one by one as they change. */
export default function DriverEditPage() {
  const { t } = useTranslation('drivers');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const driver = useDriver(id);
  const update = useUpdateDriver();
  const detail = driverDetailPath(id);

  if (driver.isPending && driver.fetchStatus !== 'idle') return <PageLoader />;
  if (!driver.data) return <DriverNotFound />;
  const d = driver.data;

  return (
    <>
      <PageHeader
        title={t('edit.title', { name: `${d.name} ${d.surname}` })}
        subtitle={d.email}
        backTo={detail}
      />
      <DriverForm
        key={d.updatedAt}
        driver={d}
        submitting={update.isPending}
        fieldErrors={fieldErrorsOf(update.error)}
        onCancel={() => void navigate(detail)}
        onSubmit={({ name, surname, email, phone, operatorId, password }) =>
          update.mutate(
            {
              id,
              name,
              surname,
              operatorId,
              email: email || null,
              phone: phone || null,
              ...(password ? { password } : {}),
            },
            { onSuccess: () => void navigate(detail) },
          )
        }
      />
      <Flex vertical gap={16} style={{ marginTop: 24 }}>
        <CardsSection driver={d} editable />
        <VehiclesSection driver={d} editable />
        <AddressesSection driver={d} editable />
      </Flex>
    </>
  );
}
