import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { countryName, dateFormat, formatDate, formatDateTime, formatNumber } from './format';

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
    expect(formatDateTime('2025-03-04T10:05:00Z')).toMatch(/^04 Mar 2025 \d{2}:05$/);
  });

  it('uses the 24-hour clock in both languages', () => {
    // 23:52 local time, whatever the time zone of the machine running the test.
    const late = new Date(2026, 10, 23, 23, 52, 7);
    expect(formatDateTime(late, 'en')).toBe('23 Nov 2026 23:52');
    expect(formatDateTime(late, 'tr')).toBe('23.11.2026 23:52');
    expect(formatDate(late, 'dateTimeSeconds', 'en')).toBe('23 Nov 2026 23:52:07');
    expect(formatDate(late, 'time', 'tr')).toBe('23:52');
    for (const lng of ['en', 'tr']) {
      expect(formatDate(late, 'dateTimeMillis', lng)).not.toMatch(/AM|PM|ÖÖ|ÖS/);
    }
  });

  it('gives the date pickers the same patterns the screens show', () => {
    expect(dateFormat('date', 'en')).toBe('DD MMM YYYY');
    expect(dateFormat('date', 'tr')).toBe('DD.MM.YYYY');
    expect(dateFormat('dateTime', 'tr')).toBe('DD.MM.YYYY HH:mm');
    // No localized tokens ("L", "LT"): antd's pickers would show them as letters.
    for (const style of ['date', 'dateTime', 'dateTimeSeconds', 'time'] as const)
      for (const lng of ['en', 'tr', 'de']) expect(dateFormat(style, lng)).not.toMatch(/L/);
  });

  it('writes nothing for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names countries in the interface language', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'tr')).toBe('Almanya');
    expect(countryName('tr', 'en')).toMatch(/^T(ü|u)rk/);
    expect(countryName('', 'en')).toBe('');
    expect(countryName('T1', 'en')).toBe('T1');
  });
});
