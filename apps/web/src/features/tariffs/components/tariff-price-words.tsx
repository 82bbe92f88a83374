import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeTariff, type Tariff } from '@voltline/contract';

/** A tariff's price in words and figures, in the user's language (AFIR order, with VAT both ways). */
export function usePriceWords(
  tariff: Pick<Tariff, 'components' | 'currency' | 'vatRate' | 'pricesIncludeVat'>,
) {
  const { i18n } = useTranslation();
  return describeTariff(tariff.components, tariff.currency, i18n.language.startsWith('tr') ? 'tr' : 'en', {
    vatRate: tariff.vatRate,
    pricesIncludeVat: tariff.pricesIncludeVat,
  });
}

export function TariffPriceWords({ tariff }: { tariff: Tariff }) {
  const phrases = usePriceWords(tariff);
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="tariff-price-words">
      {phrases.map((p) => (
        <li key={p}>
          <Typography.Text>
            <bdi>{p}</bdi>
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
