import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BookingState } from '@voltline/contract';

const COLORS: Record<BookingState, string> = {
  active: 'purple',
  refused: 'orange',
  failed: 'red',
  used: 'green',
  cancelled: 'default',
  expired: 'default',
};

export function BookingStateTag({ state }: { state: BookingState }) {
  const { t } = useTranslation('bookings');
  return (
    <Tag color={COLORS[state]} data-testid="booking-state">
      {t(`states.${state}`)}
    </Tag>
  );
}
