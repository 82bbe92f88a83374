import { describe, expect, it } from 'vitest';
import type { OperatorFormValues } from './components/operator-form';
import { operatorBody, vatBasisPoints } from './form-values';

const values: OperatorFormValues = {
  name: 'Voltline Ege',
  heartbeatInterval: 300,
  prepaid: false,
  minBalance: 25.5,
  vatRate: 20,
  pricesIncludeVat: false,
  timeZone: 'Europe/Istanbul',
  adhocHoldAmount: 750.1,
  publishOpenData: true,
};

describe('operator form values', () => {
  it('sends the VAT rate typed in percent as basis points, exactly', () => {
    // 0.29 × 100 is 28.999… in binary; every two-decimal percent must still be its basis points.
    const wrong = Array.from({ length: 10_001 }, (_, bp) => bp).filter(
      (bp) => vatBasisPoints(bp / 100) !== bp,
    );
    expect(wrong).toEqual([]);
    expect(vatBasisPoints(18.5)).toBe(1850);
  });

  it('sends the VAT terms and the time zone with the operator', () => {
    expect(operatorBody(values)).toMatchObject({
      vatRate: 2000,
      pricesIncludeVat: false,
      timeZone: 'Europe/Istanbul',
      minBalance: 2550,
    });
  });

  it('sends the ad-hoc card hold typed in major units as minor units', () => {
    expect(operatorBody(values).adhocHoldAmount).toBe(75_010);
  });

  it('sends the open-data choice', () => {
    expect(operatorBody(values).publishOpenData).toBe(true);
    expect(operatorBody({ ...values, publishOpenData: false }).publishOpenData).toBe(false);
  });
});
