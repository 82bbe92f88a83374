import { Tag } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
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

/** A line paid by a stranger's card on the connector's payment page, without a driver account. */
export function AdhocTag() {
  const { t } = useTranslation('payments');
  return (
    <Tag
      color="cyan"
      icon={<CreditCardOutlined />}
      style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
      data-testid="payment-adhoc"
    >
      {t('adhoc.tag')}
    </Tag>
  );
}

/** A gateway or card provider by its name (Stripe, iyzico), or as the server named it. */
export function useGatewayName() {
  const { t } = useTranslation('payments');
  return (gateway: string) => t(`gateways.${gateway}`, { defaultValue: gateway });
}
