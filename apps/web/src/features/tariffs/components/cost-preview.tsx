import { useState } from 'react';
import { Card, Flex, InputNumber, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { decimalSeparator, formatKwh, formatMoney, formatPricePerKwh } from '../../../lib/billing-format';
import { tariffCost, type PriceRule } from '../cost';

const EXAMPLE_KWH = 30;

/** What a session of a given size costs under the rule being edited, with how it adds up. */
export function CostPreview({ rule, currency }: { rule: PriceRule; currency: string }) {
  const { t, i18n } = useTranslation('tariffs');
  const [kwh, setKwh] = useState<number>(EXAMPLE_KWH);
  const lng = i18n.language;
  const cost = tariffCost(rule, kwh * 1000);
  const free = rule.paymentType === 'Free';

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <CalculatorOutlined />
          {t('preview.title')}
        </Flex>
      }
      data-testid="tariff-preview"
    >
      <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('preview.sessionOf')}</Typography.Text>
        <InputNumber<number>
          min={0}
          max={1000}
          precision={1}
          decimalSeparator={decimalSeparator(lng)}
          value={kwh}
          onChange={(v) => setKwh(v ?? 0)}
          suffix="kWh"
          style={{ width: 130 }}
          aria-label={t('preview.energy')}
        />
      </Flex>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {t('preview.sentence', { energy: formatKwh(kwh * 1000, lng) })}
      </Typography.Paragraph>
      <Typography.Title level={2} style={{ marginTop: 0 }} data-testid="tariff-preview-total">
        {formatMoney(cost.total, currency, lng)}
      </Typography.Title>
      {free ? (
        <Typography.Text type="secondary">{t('preview.free')}</Typography.Text>
      ) : (
        <Flex vertical gap={6}>
          <Line label={t('preview.fixed')} value={formatMoney(cost.fixed, currency, lng)} />
          <Line
            label={t('preview.energyAt', {
              energy: formatKwh(cost.withinWh, lng),
              price: formatPricePerKwh(rule.pricePerKwh, currency, lng),
            })}
            value={formatMoney(Math.round((cost.withinWh * rule.pricePerKwh) / 1000), currency, lng)}
          />
          {cost.overWh > 0 && (
            <Line
              label={t('preview.overAt', {
                energy: formatKwh(cost.overWh, lng),
                price: formatPricePerKwh(cost.overPrice, currency, lng),
              })}
              value={formatMoney(Math.round((cost.overWh * cost.overPrice) / 1000), currency, lng)}
            />
          )}
        </Flex>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        {t('preview.rounding')}
      </Typography.Paragraph>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap={12}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        <bdi>{value}</bdi>
      </Typography.Text>
    </Flex>
  );
}
