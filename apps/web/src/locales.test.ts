// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The translation catalogues (public/locales/{en,tr}/*.json) against each other and against the
 * glossary (docs/glossary.md): what one language has the other has, with the same placeholders,
 * and Turkish says each domain word the one agreed way, never in English.
 */
const LOCALES_DIR = fileURLToPath(new URL('../public/locales/', import.meta.url));
const LANGUAGES = ['en', 'tr'] as const;
type Language = (typeof LANGUAGES)[number];

type Catalog = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Catalog): Catalog {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  else out.set(prefix, String(value));
  return out;
}

const namespacesOf = (lng: Language) =>
  readdirSync(`${LOCALES_DIR}${lng}`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();

const catalogs: Record<Language, Record<string, Catalog>> = { en: {}, tr: {} };
for (const lng of LANGUAGES)
  for (const ns of namespacesOf(lng))
    catalogs[lng][ns] = flatten(
      JSON.parse(readFileSync(`${LOCALES_DIR}${lng}/${ns}.json`, 'utf8')) as unknown,
      '',
      new Map(),
    );

/** Every Turkish string with where it comes from. */
const turkish = Object.entries(catalogs.tr).flatMap(([ns, catalog]) =>
  [...catalog].map(([key, text]) => ({ at: `${ns}:${key}`, text })),
);

/** i18next {{value}} (with or without a format) and antd's ${label} validation templates. */
function placeholders(text: string): string[] {
  const names = [
    ...[...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(/\$\{(\w+)\}/g)].map((m) => `\${${m[1]}}`),
  ];
  return [...new Set(names)].sort();
}

/** What a reader reads: placeholders are filled in by the code, so they are not words of the text. */
const readable = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\$\{\w+\}/g, ' ');

/** English words Turkish must not leave untranslated (whole words, any case). See docs/glossary.md. */
const ENGLISH_WORDS = [
  'charge points?',
  'chargers?',
  'connectors?',
  'sessions?',
  'drivers?',
  'cards?',
  'tariffs?',
  'operators?',
  'sub-operators?',
  'heartbeats?',
  'firmware',
  'payments?',
  'refunds?',
  'balance',
  'vehicles?',
  'users?',
  'dashboards?',
  'settings',
  'status',
];

/**
 * Names that stay as they are in every language: products, protocols, units and codes. Checked
 * only for strings that read exactly the same in both languages.
 */
const SAME_IN_EVERY_LANGUAGE = [
  'OCPP',
  'RFID',
  'Voltline',
  'Excel',
  'PDF',
  'IBAN',
  'SoC',
  'kWh',
  'kW',
  'Wh',
  'ms',
  'VIN',
  'ICCID',
  'IMSI',
  'AC',
  'DC',
  'English',
  'Türkçe',
  // Card payment providers.
  'Stripe',
  'iyzico',
  // Turkish words spelled like their English counterparts.
  'Model',
  'Limit',
  'Net',
];

/** Other words for a glossary term that Turkish must not use (the glossary's word in brackets). */
const NOT_GLOSSARY: { variant: RegExp; use: string }[] = [
  { variant: /şarj noktas/iu, use: 'şarj istasyonu' },
  { variant: /\b(kon+ektör|bağlayıcı)/iu, use: 'soket' },
  { variant: /\bseans/iu, use: 'oturum' },
  { variant: /kalp atış/iu, use: 'yaşam sinyali' },
  { variant: /\byazılım (sürüm|güncelle)/iu, use: 'donanım yazılımı' },
];

describe('translation catalogues', () => {
  it('have the same namespaces in every language', () => {
    expect(namespacesOf('tr')).toEqual(namespacesOf('en'));
  });

  it('have the same keys in every language, nested ones included', () => {
    const differences: string[] = [];
    for (const ns of namespacesOf('en')) {
      const en = catalogs.en[ns] ?? new Map<string, string>();
      const tr = catalogs.tr[ns] ?? new Map<string, string>();
      for (const key of en.keys()) if (!tr.has(key)) differences.push(`${ns}:${key} missing in tr`);
      for (const key of tr.keys()) if (!en.has(key)) differences.push(`${ns}:${key} missing in en`);
    }
    expect(differences).toEqual([]);
  });

  it('use the same placeholders in every language', () => {
    const differences: string[] = [];
    for (const [ns, en] of Object.entries(catalogs.en))
      for (const [key, text] of en) {
        const other = catalogs.tr[ns]?.get(key);
        if (other === undefined) continue;
        const want = placeholders(text).join(' ');
        const got = placeholders(other).join(' ');
        if (want !== got) differences.push(`${ns}:${key}: en has "${want}", tr has "${got}"`);
      }
    expect(differences).toEqual([]);
  });

  it('leave no English word in Turkish', () => {
    const pattern = new RegExp(`(?<![\\p{L}-])(${ENGLISH_WORDS.join('|')})(?![\\p{L}-])`, 'iu');
    const found = turkish
      .filter(({ text }) => pattern.test(readable(text)))
      .map(({ at, text }) => `${at}: ${text}`);
    expect(found).toEqual([]);
  });

  it('translate every string that is not a name', () => {
    const same = new RegExp(`\\b(${SAME_IN_EVERY_LANGUAGE.join('|')})\\b`, 'gu');
    const untranslated: string[] = [];
    for (const [ns, en] of Object.entries(catalogs.en))
      for (const [key, text] of en)
        if (catalogs.tr[ns]?.get(key) === text && /\p{L}/u.test(readable(text).replace(same, '')))
          untranslated.push(`${ns}:${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });

  it("use the glossary's one Turkish word for each term", () => {
    const found = turkish.flatMap(({ at, text }) =>
      NOT_GLOSSARY.filter(({ variant }) => variant.test(text)).map(
        ({ use }) => `${at}: ${text} (use "${use}")`,
      ),
    );
    expect(found).toEqual([]);
  });
});
