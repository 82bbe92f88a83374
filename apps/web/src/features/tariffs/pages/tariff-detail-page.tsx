import { Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../hooks/use-permission';
import { formatKwh, formatMoney, formatPricePerKwh } from '../../../lib/billing-format';
import { formatDateTime } from '../../../lib/format';
import { useOperatorTerms } from '../api/get-operator-terms';
import { useTariff } from '../api/get-tariff';
import { CostPreview } from '../components/cost-preview';
import { TariffPriceWords } from '../components/tariff-price-words';
import { TariffActionButtons } from '../components/tariff-action-buttons';
import { TariffNotFound } from '../components/tariff-not-found';
import { PaymentTypeTag, TariffStatusTag, TariffTypeTag } from '../components/tariff-tags';
import { useTariffActions } from '../components/use-tariff-actions';
import { isDerived } from '../form-values';
import { TARIFFS_PATH } from '../paths';

export default function TariffDetailPage() {
  const { t, i18n } = useTranslation('tariffs');
  const navigate = useNavigate();
  const id = Number(useParams().tariffId);
  const tariff = useTariff(id);
  const canWrite = useCan('tariffs:write');
  const actions = useTariffActions();
  const terms = useOperatorTerms(tariff.data?.operatorId);
  const lng = i18n.language;

  if (tariff.isPending && tariff.fetchStatus !== 'idle') return <PageLoader />;
  if (!tariff.data) return <TariffNotFound />;
  const r = tariff.data;
  const derived = isDerived(r);

  return (
    <>
      {actions.holder}
      <PageHeader
        title={t('detail.title')}
        backTo={TARIFFS_PATH}
        extra={
          canWrite && (
            <TariffActionButtons
              tariff={r}
              actions={actions}
              onDeleted={() => void navigate(TARIFFS_PATH, { replace: true })}
            />
          )
        }
      />
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card style={{ marginBottom: 16 }}>
            <Flex vertical gap={4} style={{ marginBottom: 24 }}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
                {r.name} <TariffStatusTag tariff={r} />
              </Typography.Title>
              <Typography.Text type="secondary">{r.operatorName}</Typography.Text>
            </Flex>
            <Descriptions column={{ xs: 1, md: 2 }} data-testid="tariff-details">
              <Descriptions.Item label={t('fields.type')}>
                <TariffTypeTag type={r.type} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.paymentType')}>
                <PaymentTypeTag paymentType={r.paymentType} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.price')} span="filled">
                <TariffPriceWords tariff={r} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.pricing')}>
                {derived ? t('form.pricingSimple') : t('form.pricingComponents')}
              </Descriptions.Item>
              {derived && (
                <>
                  <Descriptions.Item label={t('fields.pricePerKwh')}>
                    <bdi>{formatPricePerKwh(r.pricePerKwh, r.currency, lng)}</bdi>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.fixedPrice')}>
                    <bdi>{formatMoney(r.fixedPrice, r.currency, lng)}</bdi>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.limitKwh')}>
                    {r.limitKwh === null ? (
                      t('detail.noLimit')
                    ) : (
                      <bdi>{formatKwh(r.limitKwh * 1000, lng)}</bdi>
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.overLimitPricePerKwh')}>
                    {r.overLimitPricePerKwh === null ? (
                      '—'
                    ) : (
                      <bdi>{formatPricePerKwh(r.overLimitPricePerKwh, r.currency, lng)}</bdi>
                    )}
                  </Descriptions.Item>
                </>
              )}
              <Descriptions.Item label={t('fields.currency')}>{r.currency}</Descriptions.Item>
              <Descriptions.Item label={t('fields.validity')}>
                {r.validFrom || r.validTo ? (
                  <bdi>
                    {formatDateTime(r.validFrom) || '…'} – {formatDateTime(r.validTo) || '…'}
                  </bdi>
                ) : (
                  t('detail.always')
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.createdAt')}>
                {formatDateTime(r.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.updatedAt')}>
                {formatDateTime(r.updatedAt)}
              </Descriptions.Item>
            </Descriptions>
            {r.inUse && !r.retired && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
                {t('detail.inUseNote')}
              </Typography.Paragraph>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <CostPreview
            terms={r}
            paymentType={r.paymentType}
            currency={r.currency}
            timeZone={terms.data?.timeZone ?? 'Europe/Istanbul'}
          />
        </Col>
      </Row>
    </>
  );
}
