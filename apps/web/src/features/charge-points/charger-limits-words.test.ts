// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvChargingNeeds, ExternalLimit } from '@voltline/contract';
import { externalLimitWords, needsWords, sourceWords } from './charger-limits-words';

const catalog = (lng: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../public/locales/${lng}/chargePoints.json`, import.meta.url)),
      'utf8',
    ),
  ) as object;

const t: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const lng of ['en', 'tr']) {
    const instance = i18next.createInstance();
    await instance.init({
      lng,
      ns: ['chargePoints'],
      defaultNS: 'chargePoints',
      resources: { [lng]: { chargePoints: catalog(lng) } },
    });
    t[lng] = instance.getFixedT(lng, 'chargePoints');
  }
});

const limit: ExternalLimit = {
  evseId: 0,
  source: 'SO',
  gridCritical: true,
  unit: 'W',
  limitNow: 6_900,
  periods: [{ startPeriod: 0, limit: 6_900, numberPhases: null }],
  since: '2026-11-27T05:30:00.000Z',
};

describe('a charger’s limits in words', () => {
  it('K12 says who limits the charger, to what and since when, in English and Turkish', () => {
    expect(externalLimitWords(t.en!, limit, 'en')).toMatch(
      /^The whole charger is limited by the grid operator to 6\.9 kW since .+\.$/,
    );
    expect(externalLimitWords(t.tr!, limit, 'tr')).toMatch(
      /şebeke işletmecisi tarafından 6,9 kW ile sınırlı/,
    );
    expect(externalLimitWords(t.en!, { ...limit, evseId: 2, unit: 'A', limitNow: 16 }, 'en')).toMatch(
      /^EVSE 2 is limited by the grid operator to 16 A/,
    );
    expect(externalLimitWords(t.en!, { ...limit, limitNow: null, unit: null }, 'en')).toMatch(
      /the charger sent no figure/,
    );
  });

  it('K09 names each source of a profile', () => {
    expect(['CSO', 'EMS', 'SO', 'Other'].map((s) => sourceWords(t.en!, s))).toEqual([
      'the charge point operator (Voltline)',
      'the energy management system',
      'the grid operator',
      'another system',
    ]);
    expect(sourceWords(t.tr!, 'EMS')).toBe('enerji yönetim sistemi');
  });

  it('K15 says what the car asked for', () => {
    const needs: EvChargingNeeds = {
      evseId: 1,
      sessionId: 5,
      energyTransfer: 'AC_three_phase',
      departureTime: null,
      requestedEnergyWh: 30_000,
      maxCurrentA: 12,
      minCurrentA: 6,
      maxVoltage: 400,
      maxPowerW: null,
      stateOfCharge: null,
      answer: 'Accepted',
      receivedAt: '2026-11-27T05:30:00.000Z',
      schedule: null,
    };
    expect(needsWords(t.en!, needs, 'en')).toBe(
      'The car on EVSE 1 asks to charge AC three-phase, 30 kWh, at most 12 A',
    );
    expect(needsWords(t.tr!, needs, 'tr')).toBe(
      'EVSE 1 üzerindeki araç AC üç faz şarj istiyor, 30 kWh, en çok 12 A',
    );
  });
});
