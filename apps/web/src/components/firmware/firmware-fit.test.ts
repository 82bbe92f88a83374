import { describe, expect, it } from 'vitest';
import { firmwareFit, firmwareForCharger } from './firmware-fit';

const fw = (id: number, brand: string | null, models: string[], createdDate: string) => ({
  id,
  brand,
  models,
  createdDate,
});

describe('firmware for a charger', () => {
  const charger = { brand: 'Voltline', model: 'VL-22' };

  it('fits the charger’s brand and model, any model of the brand, or any brand', () => {
    expect(firmwareFit(fw(1, 'Voltline', ['VL-22'], ''), charger)).toBe(2);
    expect(firmwareFit(fw(1, 'voltline', [], ''), charger)).toBe(2);
    expect(firmwareFit(fw(1, null, [], ''), charger)).toBe(1);
    expect(firmwareFit(fw(1, 'Voltline', ['VL-11'], ''), charger)).toBe(0);
    expect(firmwareFit(fw(1, 'Other', [], ''), charger)).toBe(0);
    expect(firmwareFit(fw(1, 'Voltline', [], ''), { brand: null, model: null })).toBe(0);
  });

  it('offers the fitting images first, best fit then newest, and the others after', () => {
    const images = [
      fw(1, null, [], '2026-01-03'),
      fw(2, 'Other', [], '2026-01-05'),
      fw(3, 'Voltline', ['VL-22'], '2026-01-01'),
      fw(4, 'Voltline', [], '2026-01-02'),
    ];
    const { fitting, others } = firmwareForCharger(images, charger);
    expect(fitting.map((f) => f.id)).toEqual([4, 3, 1]);
    expect(others.map((f) => f.id)).toEqual([2]);
  });
});
