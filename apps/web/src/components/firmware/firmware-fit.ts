import type { Firmware } from '@voltline/contract';

/**
 * How well an image fits a charger: 2 when made for its brand (and its model, or every model of
 * the brand), 1 when made for any brand, 0 when made for another brand or model.
 */
export function firmwareFit(
  fw: Pick<Firmware, 'brand' | 'models'>,
  charger: { brand: string | null; model: string | null },
): 0 | 1 | 2 {
  if (!fw.brand) return 1;
  const same = (a: string | null, b: string) => a?.trim().toLowerCase() === b.trim().toLowerCase();
  if (!same(charger.brand, fw.brand)) return 0;
  if (fw.models.length === 0) return 2;
  return fw.models.some((m) => same(charger.model, m)) ? 2 : 0;
}

/** The images that fit the charger first (best fit, then newest), and the others after them. */
export function firmwareForCharger<F extends Pick<Firmware, 'brand' | 'models' | 'createdDate'>>(
  images: readonly F[],
  charger: { brand: string | null; model: string | null },
): { fitting: F[]; others: F[] } {
  const scored = images
    .map((fw) => ({ fw, fit: firmwareFit(fw, charger) }))
    .sort((a, b) => b.fit - a.fit || b.fw.createdDate.localeCompare(a.fw.createdDate));
  return {
    fitting: scored.filter((s) => s.fit > 0).map((s) => s.fw),
    others: scored.filter((s) => s.fit === 0).map((s) => s.fw),
  };
}
