// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TRIGGERS } from '@voltline/contract';
import { eventPlace, SEVERITY_LEVELS, severityWords, techWords, withInstance } from './event-words';

const catalog = (lng: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../public/locales/${lng}/chargePoints.json`, import.meta.url)),
      'utf8',
    ),
  ) as object;

const t: Record<string, TFunction<'chargePoints'>> = {};
beforeAll(async () => {
  for (const lng of ['en', 'tr']) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      ns: ['chargePoints'],
      defaultNS: 'chargePoints',
      resources: { [lng]: { chargePoints: catalog(lng) } },
    });
    t[lng] = instance.getFixedT<'chargePoints'>(lng, 'chargePoints');
  }
});

describe('the Events tab of a charge point in words (N07, G05)', () => {
  it('says where on the charger an event happened', () => {
    expect(eventPlace(t.en!, { evseId: 2, connectorId: 1 })).toBe('EVSE 2, connector 1');
    expect(eventPlace(t.tr!, { evseId: 2, connectorId: 1 })).toBe('Şarj ünitesi (EVSE) 2, soket 1');
    expect(eventPlace(t.en!, { evseId: 1, connectorId: null })).toBe('EVSE 1');
    expect(eventPlace(t.tr!, { evseId: null, connectorId: null })).toBe('Şarj istasyonu');
    expect(eventPlace(t.en!, { evseId: 0, connectorId: null })).toBe('Charging station');
  });

  it('names severities and triggers in both languages, none left as a key', () => {
    expect(severityWords(t.en!, 1)).toBe('1 · Hardware failure');
    expect(severityWords(t.tr!, 0)).toBe('0 · Tehlike');
    expect(severityWords(t.en!, null)).toBeNull();
    for (const lng of ['en', 'tr']) {
      for (const level of SEVERITY_LEVELS)
        expect(t[lng]!(`events.severities.${level}`)).not.toMatch(/^events\./);
      for (const trigger of EVENT_TRIGGERS)
        expect(t[lng]!(`events.triggers.${trigger}`)).not.toMatch(/^events\./);
    }
    expect(t.tr!('events.triggers.Alerting')).toBe('Uyarı (bir eşik aşıldı)');
  });

  it('joins the charger’s own code and note, and names instances', () => {
    expect(techWords({ techCode: 'GF-12', techInfo: 'Ground fault on plug 1' })).toBe(
      'GF-12 · Ground fault on plug 1',
    );
    expect(techWords({ techCode: null, techInfo: 'Door open' })).toBe('Door open');
    expect(techWords({ techCode: null, techInfo: null })).toBeNull();
    expect(withInstance('Power', 'Active')).toBe('Power (Active)');
    expect(withInstance('EVSE', null)).toBe('EVSE');
  });

  it('tells a 1.6 charger’s empty list apart in words, in both languages', () => {
    expect(t.en!('events.empty')).toContain('OCPP 1.6');
    expect(t.tr!('events.empty')).toContain('OCPP 1.6');
  });
});
