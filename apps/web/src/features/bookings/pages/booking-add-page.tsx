import { isAxiosError } from 'axios';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ErrorBody } from '@voltline/contract';
import { PageHeader } from '../../../components/page-header';
import { useCreateBooking } from '../api/create-booking';
import { BookingForm } from '../components/booking-form';
import { BOOKINGS_PATH } from '../paths';

export default function BookingAddPage() {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const create = useCreateBooking();
  const fieldErrors = isAxiosError<ErrorBody>(create.error) ? create.error.response?.data.details : undefined;

  return (
    <>
      <PageHeader title={t('add.title')} subtitle={t('add.subtitle')} backTo={BOOKINGS_PATH} />
      <BookingForm
        submitting={create.isPending}
        fieldErrors={fieldErrors}
        onCancel={() => void navigate(BOOKINGS_PATH)}
        onSubmit={(body) =>
          create.mutate(body, {
            // The list shows the booking with the charger's answer (accepted or refused).
            onSuccess: (b) =>
              void navigate(`${BOOKINGS_PATH}?chargePointId=${encodeURIComponent(b.chargePointId)}`),
          })
        }
      />
    </>
  );
}
