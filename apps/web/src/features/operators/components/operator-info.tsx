import { Card, Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OperatorDetail } from '@voltline/contract';
import { formatMoney } from '../../../lib/billing-format';
import { countryName, formatDateTime, formatNumber } from '../../../lib/format';
import { NETWORK_CURRENCY } from '../money';
import { operatorDetailPath } from '../paths';
import { formatIban } from '../validation';

export function OperatorInfo({ operator: o }: { operator: OperatorDetail }) {
  const { t, i18n } = useTranslation('operators');
  const { t: tc } = useTranslation('common');
  const yesNo = (v: boolean) => (v ? tc('common.yes') : tc('common.no'));
  return (
    <Card title={t('form.operator')} style={{ marginBottom: 16 }}>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="operator-details">
        <Descriptions.Item label={t('fields.parent')}>
          {o.parentId ? <Link to={operatorDetailPath(o.parentId)}>{o.parentName}</Link> : t('form.topLevel')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.email')}>{o.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.supportEmail')}>{o.supportEmail ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.phone')}>{o.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.role')}>{o.role ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.heartbeatInterval')}>
          {t('units.seconds', { value: formatNumber(o.heartbeatInterval, i18n.language) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.prepaid')}>{yesNo(o.prepaid)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.minBalance')}>
          <bdi>{formatMoney(o.minBalance, NETWORK_CURRENCY, i18n.language)}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.adhocHoldAmount')}>
          <bdi>{formatMoney(o.adhocHoldAmount, NETWORK_CURRENCY, i18n.language)}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.vatRate')}>
          <bdi>{formatNumber(o.vatRate / 100, i18n.language)} %</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.pricesIncludeVat')}>
          {yesNo(o.pricesIncludeVat)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.publishOpenData')}>{yesNo(o.publishOpenData)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.timeZone')}>{o.timeZone}</Descriptions.Item>
        <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(o.createdAt)}</Descriptions.Item>
        {o.archivedAt && (
          <Descriptions.Item label={t('fields.archivedAt')}>{formatDateTime(o.archivedAt)}</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}

export function MerchantInfo({ operator: o }: { operator: OperatorDetail }) {
  const { t, i18n } = useTranslation('operators');
  const m = o.merchant;
  return (
    <Card title={t('form.merchant')} style={{ marginBottom: 16 }}>
      {m ? (
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="merchant-details">
          <Descriptions.Item label={t('merchant.legalName')}>{m.legalName}</Descriptions.Item>
          <Descriptions.Item label={t('merchant.taxId')}>{m.taxId}</Descriptions.Item>
          <Descriptions.Item label={t('merchant.taxOffice')}>{m.taxOffice ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('merchant.iban')}>
            <Typography.Text copyable={{ text: m.iban }} style={{ fontFamily: 'monospace' }}>
              {formatIban(m.iban)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('merchant.address')} span={2}>
            {[
              m.addressLine1,
              m.addressLine2,
              [m.zipCode, m.city].filter(Boolean).join(' '),
              countryName(m.country, i18n.language),
            ]
              .filter(Boolean)
              .join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('merchant.contactName')}>{m.contactName}</Descriptions.Item>
          <Descriptions.Item label={t('merchant.contactEmail')}>{m.contactEmail}</Descriptions.Item>
          <Descriptions.Item label={t('merchant.contactPhone')}>{m.contactPhone ?? '—'}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('form.noMerchant')}</Typography.Text>
      )}
    </Card>
  );
}
