import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Tariff } from '@voltline/contract';
import { fromTariff, ruleOf, toTariffBody, type TariffFormValues } from './form-values';

const values: TariffFormValues = {
  name: '  City AC  ',
  operatorId: 3,
  type: 'AC',
  paymentType: 'Postpaid',
  currency: 'TRY',
  pricePerKwh: 8.51,
  limitKwh: 20,
  overLimitPricePerKwh: 12.3,
  fixedPrice: 10,
  validFrom: dayjs('2025-01-01T00:00:00Z'),
  validTo: null,
};

describe('tariff form values', () => {
  it('sends prices typed in major units as minor units', () => {
    expect(toTariffBody(values)).toEqual({
      name: 'City AC',
      operatorId: 3,
      type: 'AC',
      paymentType: 'Postpaid',
      currency: 'TRY',
      pricePerKwh: 851,
      limitKwh: 20,
      overLimitPricePerKwh: 1230,
      fixedPrice: 1000,
      validFrom: '2025-01-01T00:00:00.000Z',
      validTo: null,
      // The components derived from the fields, so the tariff keeps following them.
      components: {
        elements: [
          { priceComponents: [{ type: 'FLAT', price: 1000, stepSize: 1 }] },
          { priceComponents: [{ type: 'ENERGY', price: 851, stepSize: 1 }], restrictions: { maxKwh: 20 } },
          { priceComponents: [{ type: 'ENERGY', price: 1230, stepSize: 1 }] },
        ],
      },
    });
  });

  it('drops the over-limit price without a limit, and every price on a free tariff', () => {
    expect(toTariffBody({ ...values, limitKwh: null })).toMatchObject({
      limitKwh: null,
      overLimitPricePerKwh: null,
    });
    expect(toTariffBody({ ...values, paymentType: 'Free' })).toMatchObject({
      pricePerKwh: 0,
      fixedPrice: 0,
      limitKwh: null,
      overLimitPricePerKwh: null,
    });
  });

  it('shows a saved tariff in major units and round-trips it', () => {
    const tariff = { ...toTariffBody(values), id: 1 } as unknown as Tariff;
    const back = fromTariff(tariff);
    expect(back.pricePerKwh).toBe(8.51);
    expect(back.overLimitPricePerKwh).toBe(12.3);
    expect(toTariffBody(back)).toEqual(toTariffBody(values));
  });

  it('gives the preview a rule even while the form is half filled', () => {
    expect(ruleOf({ pricePerKwh: 5 })).toEqual({
      paymentType: 'Postpaid',
      pricePerKwh: 500,
      limitKwh: null,
      overLimitPricePerKwh: null,
      fixedPrice: 0,
    });
    expect(ruleOf({ paymentType: 'Free', pricePerKwh: 5, limitKwh: 3 })).toMatchObject({
      pricePerKwh: 0,
      limitKwh: null,
    });
  });
});
