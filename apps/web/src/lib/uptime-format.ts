/** Uptime figures in the interface language, for the uptime report and the charge point's page. */

/** Uptime in percent with two decimals: 99.7222 → "99.72%" (en), "%99,72" (tr); none: "—". */
export function uptimeText(value: number | null, lng: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(lng, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

/** Minutes as whole minutes with grouping: 43200 → "43,200" (en), "43.200" (tr). */
export function minutesText(minutes: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 0 }).format(minutes);
}

/** Short of the target: shown red. A span without minutes is never short. */
export const isShort = (value: number | null, target: number) => value !== null && value < target;
