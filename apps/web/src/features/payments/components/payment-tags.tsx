import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@voltline/contract';

const STATE_COLORS: Record<Payment['state'], string> = {
  completed: 'success',
  partiallyRefunded: 'warning',
  refunded: 'default',
  failed: 'error',
};

export function PaymentStateTag({ state }: { state: Payment['state'] }) {
  const { t } = useTranslation('payments');
  return <Tag color={STATE_COLORS[state]}>{t(`states.${state}`)}</Tag>;
}

export function PaymentKindTag({ kind }: { kind: Payment['kind'] }) {
  const { t } = useTranslation('payments');
  return <Tag color={kind === 'topup' ? 'purple' : 'blue'}>{t(`kinds.${kind}`)}</Tag>;
}
