import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { formatDateTime, formatNumber } from './format';

describe('formatting follows the interface language', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: {} });
  });

  it('formats numbers with the language separators', async () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'tr')).toBe('1.234.567');
    await i18n.changeLanguage('tr');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });

  it('formats dates in Turkish after switching', async () => {
    await i18n.changeLanguage('tr');
    expect(formatDateTime('2025-03-04T10:05:00Z')).toMatch(/^04\.03\.2025 \d{2}:05$/);
    await i18n.changeLanguage('en');
    expect(formatDateTime('2025-03-04T10:05:00Z')).toMatch(/^03\/04\/2025 \d{1,2}:05 (AM|PM)$/);
  });
});
