// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHARGER_ERROR_CODES } from '@voltline/contract';
import { closeAside, closeWords, faultAside, faultWords } from './ocpp-words';

const catalog = (lng: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/common.json`, import.meta.url)), 'utf8'),
  ) as object;

const t: Record<string, TFunction<'common'>> = {};
beforeAll(async () => {
  for (const lng of ['en', 'tr']) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      ns: ['common'],
      defaultNS: 'common',
      resources: { [lng]: { common: catalog(lng) } },
    });
    t[lng] = instance.getFixedT<'common'>(lng, 'common');
  }
});

describe('OCPP faults and disconnections in words', () => {
  it('says a WebSocket close in the interface language, keeping the charger’s English aside', () => {
    const close = {
      closeCode: 1000,
      closeCause: 'chargerClosed',
      closeReason: 'Charger closing',
      detail: '1000 Charger closing',
    } as const;
    expect(closeWords(t.tr!, close)).toBe('Şarj istasyonu bağlantıyı kapattı');
    expect(closeWords(t.en!, close)).toBe('The charger closed the connection');
    expect(closeAside(t.tr!, close)).toBe('Kod 1000 · Şarj istasyonunun sözleri: Charger closing');
    expect(closeWords(t.tr!, { closeCode: 1008, closeCause: 'error', closeReason: null })).toBe(
      'Bir hata sonrası kapandı (kod 1008)',
    );
    expect(closeWords(t.en!, { closeCode: 1006, closeCause: 'connectionLost', closeReason: null })).toBe(
      'Connection lost without notice',
    );
    expect(closeWords(t.tr!, { closeCode: null, closeCause: 'serverRestarted', closeReason: null })).toBe(
      'Voltline yeniden başlatıldı',
    );
  });

  it('shows text it cannot explain as stored, and nothing for nothing', () => {
    expect(closeWords(t.en!, { closeCode: null, closeCause: null, closeReason: 'odd', detail: 'odd' })).toBe(
      'odd',
    );
    expect(
      closeWords(t.en!, { closeCode: null, closeCause: null, closeReason: null, detail: null }),
    ).toBeNull();
    expect(closeAside(t.en!, { closeCode: null, closeCause: null, closeReason: 'odd' })).toBeNull();
  });

  it('names every OCPP 1.6 error code in both languages, and the connector it is on', () => {
    expect(faultWords(t.tr!, { connectorId: 1, errorCode: 'GroundFailure' })).toBe(
      'Soket 1: Topraklama arızası',
    );
    expect(faultWords(t.en!, { connectorId: 2, errorCode: 'HighTemperature' })).toBe(
      'Connector 2: Temperature too high',
    );
    expect(faultWords(t.en!, { connectorId: 0, errorCode: 'PowerMeterFailure' })).toBe(
      'Whole charge point: Meter failure',
    );
    expect(faultWords(t.tr!, { connectorId: 1, errorCode: 'VendorSpecial' })).toBe(
      'Soket 1: Hata kodu VendorSpecial',
    );
    expect(
      faultAside(t.tr!, {
        connectorId: 1,
        errorCode: 'OtherError',
        info: 'RCD tripped',
        vendorErrorCode: 'E42',
      }),
    ).toBe('Şarj istasyonunun notu: RCD tripped · Üretici kodu: E42');
    for (const lng of ['en', 'tr'])
      for (const code of CHARGER_ERROR_CODES)
        expect(faultWords(t[lng]!, { connectorId: 1, errorCode: code }), `${lng} ${code}`).not.toMatch(
          /code|kodu/i,
        );
  });
});
