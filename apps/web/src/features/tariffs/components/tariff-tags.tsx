import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tariff } from '@voltline/contract';

const TYPE_COLORS: Record<Tariff['type'], string> = { AC: 'blue', DC: 'volcano', 'AC/DC': 'purple' };
const PAYMENT_COLORS: Record<Tariff['paymentType'], string> = {
  Prepaid: 'gold',
  Postpaid: 'geekblue',
  Free: 'green',
};

export function TariffTypeTag({ type }: { type: Tariff['type'] }) {
  const { t } = useTranslation('tariffs');
  return <Tag color={TYPE_COLORS[type]}>{t(`types.${type}`)}</Tag>;
}

export function PaymentTypeTag({ paymentType }: { paymentType: Tariff['paymentType'] }) {
  const { t } = useTranslation('tariffs');
  return <Tag color={PAYMENT_COLORS[paymentType]}>{t(`paymentTypes.${paymentType}`)}</Tag>;
}

/** Retired, in use (cannot be deleted) or unused. */
export function TariffStatusTag({ tariff }: { tariff: Pick<Tariff, 'retired' | 'inUse'> }) {
  const { t } = useTranslation('tariffs');
  if (tariff.retired) return <Tag color="default">{t('status.retired')}</Tag>;
  return (
    <Tag color={tariff.inUse ? 'success' : 'processing'}>
      {t(tariff.inUse ? 'status.inUse' : 'status.unused')}
    </Tag>
  );
}
