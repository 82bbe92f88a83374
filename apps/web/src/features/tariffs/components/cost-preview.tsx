import { useState } from 'react';
import { Card, DatePicker, Divider, Flex, InputNumber, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CostLine, PricingTerms, TariffSnapshot } from '@voltline/contract';
import { decimalSeparator, formatDuration, formatKwh, formatMoney } from '../../../lib/billing-format';
import { dateFormat, formatNumber } from '../../../lib/format';
import { previewCost } from '../cost';

/** The example session starts today at 17:00 (taken when the preview opens, not when the page loaded). */
const firstStart = () => dayjs().hour(17).minute(0).second(0).millisecond(0);

/**
 * What an example session costs under the tariff being edited or shown: the lines in AFIR order
 * (energy, time, session, parking), VAT and the total, priced by the server's own engine.
 */
export function CostPreview({
  terms,
  paymentType,
  currency,
  timeZone,
}: {
  terms: PricingTerms;
  paymentType: TariffSnapshot['paymentType'];
  currency: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('tariffs');
  const lng = i18n.language;
  const [kwh, setKwh] = useState(30);
  const [chargingMinutes, setCharging] = useState(120);
  const [parkingMinutes, setParking] = useState(20);
  const [start, setStart] = useState<Dayjs>(firstStart);
  const priced = previewCost(terms, paymentType, {
    kwh,
    chargingMinutes,
    parkingMinutes,
    date: start.format('YYYY-MM-DD'),
    startMinute: start.hour() * 60 + start.minute(),
    timeZone,
  });
  const money = (minor: number) => formatMoney(minor, currency, lng);
  const number = { decimalSeparator: decimalSeparator(lng), style: { width: '100%' } };
  const stated = (l: CostLine) => (terms.pricesIncludeVat ? l.gross : l.net);

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
      <Flex vertical gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text>{t('preview.sessionOf')}</Typography.Text>
        <InputNumber<number>
          {...number}
          min={0}
          max={1000}
          precision={1}
          value={kwh}
          onChange={(v) => setKwh(v ?? 0)}
          suffix="kWh"
          aria-label={t('preview.energy')}
        />
        <InputNumber<number>
          {...number}
          min={0}
          max={7 * 24 * 60}
          precision={0}
          value={chargingMinutes}
          onChange={(v) => setCharging(v ?? 0)}
          prefix={t('preview.charging')}
          suffix={t('preview.min')}
          aria-label={t('preview.chargingMinutes')}
        />
        <InputNumber<number>
          {...number}
          min={0}
          max={7 * 24 * 60}
          precision={0}
          value={parkingMinutes}
          onChange={(v) => setParking(v ?? 0)}
          prefix={t('preview.parking')}
          suffix={t('preview.min')}
          aria-label={t('preview.parkingMinutes')}
        />
        <DatePicker
          showTime={{ format: dateFormat('time', lng) }}
          format={dateFormat('dateTime', lng)}
          value={start}
          allowClear={false}
          onChange={(v: Dayjs | null) => v && setStart(v)}
          aria-label={t('preview.start')}
          style={{ width: '100%' }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('preview.zone', { zone: timeZone })}
        </Typography.Text>
      </Flex>
      {priced === null ? (
        <Typography.Text type="danger">{t('preview.outOfRange')}</Typography.Text>
      ) : (
        <>
          {priced.lines.length === 0 && (
            <Typography.Text type="secondary">
              {paymentType === 'Free' ? t('preview.free') : t('preview.nothing')}
            </Typography.Text>
          )}
          <Flex vertical gap={6}>
            {priced.lines.map((l) => (
              <Line
                key={`${l.type}:${l.element}`}
                testId="tariff-preview-line"
                label={lineLabel(l, t, (n) => formatNumber(n, lng), money)}
                value={money(stated(l))}
              />
            ))}
          </Flex>
          <Divider style={{ margin: '12px 0' }} />
          <Flex vertical gap={6}>
            <Line testId="tariff-preview-net" label={t('preview.net')} value={money(priced.net)} />
            <Line
              testId="tariff-preview-vat"
              label={t('preview.vat', { rate: formatNumber(terms.vatRate / 100, lng) })}
              value={money(priced.vat)}
            />
          </Flex>
          <Typography.Text type="secondary">{t('preview.gross')}</Typography.Text>
          <Typography.Title level={2} style={{ marginTop: 0 }} data-testid="tariff-preview-total">
            {money(priced.gross)}
          </Typography.Title>
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        {t('preview.engine')}
      </Typography.Paragraph>
    </Card>
  );
}

type T = TFunction<'tariffs'>;

function lineLabel(l: CostLine, t: T, number: (n: number) => string, money: (m: number) => string) {
  const element = number(l.element + 1);
  switch (l.type) {
    case 'ENERGY':
      return t('preview.lines.ENERGY', { element, energy: formatKwh(l.quantity), price: money(l.unitPrice) });
    case 'FLAT':
      return t('preview.lines.FLAT', { element });
    default:
      return t(`preview.lines.${l.type}`, {
        element,
        time: formatDuration(l.quantity),
        price: money(l.unitPrice),
      });
  }
}

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Flex justify="space-between" gap={12} data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text style={{ whiteSpace: 'nowrap' }}>
        <bdi>{value}</bdi>
      </Typography.Text>
    </Flex>
  );
}
