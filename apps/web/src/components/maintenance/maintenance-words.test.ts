// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceLog } from '@voltline/contract';
import { i18n } from '../../lib/i18n';
import { entryAside, entryWords } from './maintenance-words';

// The real catalogues: what is checked here is what a technician reads.
const catalog = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url)),
      'utf8',
    ),
  ) as Record<string, unknown>;

const words: Record<string, (log: MaintenanceLog) => string> = {};
let aside: (log: MaintenanceLog) => string | null;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { maintenance: catalog('en', 'maintenance'), common: catalog('en', 'common') },
      tr: { maintenance: catalog('tr', 'maintenance'), common: catalog('tr', 'common') },
    },
    interpolation: { escapeValue: false },
  });
  for (const lng of ['en', 'tr']) {
    const t = i18n.getFixedT<'maintenance'>(lng, 'maintenance');
    const tc = i18n.getFixedT<'common'>(lng, 'common');
    words[lng] = (log) => entryWords(t, tc, log);
  }
  aside = (log) => entryAside(i18n.getFixedT<'common'>('en', 'common'), log);
});

const entry = (over: Partial<MaintenanceLog>): MaintenanceLog => ({
  id: 1,
  chargePointId: 'CP-1',
  chargePointDbId: 1,
  chargePointName: 'Kadıköy 1',
  operatorId: 1,
  operatorName: 'Voltline',
  connectorId: 1,
  source: 'auto',
  type: 'fault',
  description: null,
  details: {},
  technician: null,
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: null,
  createdBy: null,
  createdByName: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

describe('a maintenance entry in words', () => {
  it('says a fault by its meaning, with the charger’s own words aside', () => {
    const fault = entry({
      details: { errorCode: 'GroundFailure', info: 'Earth leak', vendorErrorCode: 'E42' },
    });
    expect(words.en!(fault)).toBe('Connector 1: Ground fault');
    expect(words.tr!(fault)).toBe('Soket 1: Topraklama arızası');
    expect(aside(fault)).toContain('Earth leak');
    expect(aside(fault)).toContain('E42');
  });

  it('says a cleared fault, a reboot with a new firmware and an availability change', () => {
    expect(words.en!(entry({ type: 'faultCleared', details: { errorCode: 'GroundFailure' } }))).toBe(
      'Cleared: Connector 1: Ground fault',
    );
    const reboot = entry({
      type: 'reboot',
      connectorId: null,
      details: { firmwareVersion: '1.3.0', previousFirmwareVersion: '1.2.3', firmwareChanged: true },
    });
    expect(words.en!(reboot)).toBe('Started with firmware 1.3.0 (was 1.2.3)');
    const off = entry({
      type: 'availability',
      details: { status: 'Unavailable', previousStatus: 'Available' },
    });
    expect(words.tr!(off)).toBe('Kullanım dışı (önceki: Müsait)');
  });

  it('shows a technician’s entry as written', () => {
    const repair = entry({ source: 'manual', type: 'repair', description: 'Replaced the cable' });
    expect(words.en!(repair)).toBe('Replaced the cable');
    expect(aside(repair)).toBeNull();
  });
});
