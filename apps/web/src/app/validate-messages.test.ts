import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { validateMessages } from './validate-messages';

const catalog = (lng: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/common.json`, import.meta.url)), 'utf8'),
  ) as object;

type Message = (...args: unknown[]) => string;

describe('form messages about numbers', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'tr',
      resources: { en: { common: catalog('en') }, tr: { common: catalog('tr') } },
    });
  });

  it('write the bounds with a decimal comma in Turkish, leaving the label to the form', async () => {
    await i18n.changeLanguage('tr');
    const number = validateMessages(i18n.getFixedT('tr', 'common')).number;
    expect((number?.range as Message)('limitKwh', 0.001, 100_000)).toBe(
      '${label} 0,001 ile 100.000 arasında olmalı',
    );
    expect((number?.min as Message)('limitKwh', 0.5)).toBe('${label} 0,5 değerinden küçük olamaz');
  });

  it('write them with a decimal point in English', async () => {
    await i18n.changeLanguage('en');
    const number = validateMessages(i18n.getFixedT('en', 'common')).number;
    expect((number?.range as Message)('limitKwh', 0.001, 100_000)).toContain('0.001');
    expect((number?.range as Message)('limitKwh', 0.001, 100_000)).toContain('100,000');
  });
});
