import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@voltline/contract';
import { formatMoney } from '../../../lib/billing-format';
import { adhocFigures, type AdhocFigures } from '../adhoc';
import { useGatewayName } from './payment-tags';

/** A card payment taken ad hoc, as its provider moved the money: hold, capture, release, refunds. */
export function AdhocDetails({ payment, adhoc }: { payment: Payment; adhoc: AdhocFigures }) {
  const { t, i18n } = useTranslation('payments');
  const gatewayName = useGatewayName();
  const money = (minor: number) => <bdi>{formatMoney(minor, payment.currency, i18n.language)}</bdi>;
  return (
    <Descriptions
      column={{ xs: 1, md: 2, xl: 4 }}
      size="small"
      title={t('adhoc.title')}
      data-testid="payment-adhoc-details"
    >
      <Descriptions.Item label={t('adhoc.provider')}>{gatewayName(adhoc.provider)}</Descriptions.Item>
      <Descriptions.Item label={t('adhoc.reference')}>
        <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
          {adhoc.reference}
        </Typography.Text>
      </Descriptions.Item>
      {adhocFigures(adhoc).map(({ key, amount }) => (
        <Descriptions.Item key={key} label={t(`adhoc.figures.${key}`)}>
          {key === 'uncollected' ? (
            <Typography.Text type="warning" data-testid="payment-adhoc-uncollected">
              {money(amount)}
            </Typography.Text>
          ) : (
            <span data-testid={`payment-adhoc-${key}`}>{money(amount)}</span>
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
