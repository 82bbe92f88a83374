/**
 * ISO 3166-1 alpha-2 → alpha-3 (OCPI's Location.country is alpha-3; Voltline stores alpha-2): the
 * EU and EEA, their neighbours and the countries Voltline's operators work in.
 */
const ALPHA3: Record<string, string> = {
  AD: 'AND', AE: 'ARE', AL: 'ALB', AM: 'ARM', AT: 'AUT', AU: 'AUS', AZ: 'AZE', BA: 'BIH', BE: 'BEL',
  BG: 'BGR', BY: 'BLR', CA: 'CAN', CH: 'CHE', CN: 'CHN', CY: 'CYP', CZ: 'CZE', DE: 'DEU', DK: 'DNK',
  DZ: 'DZA', EE: 'EST', EG: 'EGY', ES: 'ESP', FI: 'FIN', FO: 'FRO', FR: 'FRA', GB: 'GBR', GE: 'GEO',
  GI: 'GIB', GR: 'GRC', HR: 'HRV', HU: 'HUN', IE: 'IRL', IL: 'ISR', IN: 'IND', IQ: 'IRQ', IR: 'IRN',
  IS: 'ISL', IT: 'ITA', JO: 'JOR', JP: 'JPN', KR: 'KOR', KZ: 'KAZ', LB: 'LBN', LI: 'LIE', LT: 'LTU',
  LU: 'LUX', LV: 'LVA', MA: 'MAR', MC: 'MCO', MD: 'MDA', ME: 'MNE', MK: 'MKD', MT: 'MLT', NL: 'NLD',
  NO: 'NOR', NZ: 'NZL', PL: 'POL', PT: 'PRT', QA: 'QAT', RO: 'ROU', RS: 'SRB', RU: 'RUS', SA: 'SAU',
  SE: 'SWE', SI: 'SVN', SK: 'SVK', SM: 'SMR', SY: 'SYR', TN: 'TUN', TR: 'TUR', UA: 'UKR', US: 'USA',
  VA: 'VAT', XK: 'XKX',
};

/**
 * The alpha-3 code of a country as Voltline stores it (alpha-2, any case; an alpha-3 code is kept),
 * or undefined when it is not known.
 */
export function alpha3(code: string | null | undefined): string | undefined {
  const c = code?.trim().toUpperCase();
  if (!c) return undefined;
  if (c.length === 3 && /^[A-Z]{3}$/.test(c)) return c;
  return ALPHA3[c];
}
