// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_TYPES, MONITORING_BASES, type DeviceVariable } from '@voltline/contract';
import { eventMonitorWords, monitorable, monitorAnswer, variableLabel } from './monitor-words';

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

const variable = (name: string, dataType: string, evseId: number | null = null): DeviceVariable =>
  ({
    component: {
      name: evseId === null ? 'TemperatureSensor' : 'EVSE',
      instance: null,
      evseId,
      connectorId: null,
    },
    variable: { name, instance: null },
    attributes: [],
    characteristics: { dataType, unit: dataType === 'decimal' ? 'W' : null },
    reportedAt: '2026-01-01T00:00:00.000Z',
  }) as unknown as DeviceVariable;

describe('the Monitors tab in words (N02-N08)', () => {
  it('N04 says each answer of the charger, a refusal as a refusal, in both languages', () => {
    expect(monitorAnswer(t.en!, 'Accepted')).toEqual({ text: 'Accepted', refused: false });
    for (const status of [
      'Duplicate',
      'UnknownComponent',
      'UnknownVariable',
      'UnsupportedMonitorType',
      'Rejected',
    ]) {
      for (const lng of ['en', 'tr']) {
        const a = monitorAnswer(t[lng]!, status);
        expect(a.refused).toBe(true);
        expect(a.text).not.toContain('monitors.');
      }
    }
    expect(monitorAnswer(t.tr!, 'NotFound').text).toMatch(/izleyici yok/);
    expect(monitorAnswer(t.en!, 'Weird')).toEqual({ text: "The charger's answer: Weird", refused: true });
  });

  it('names every monitor type and base in both languages', () => {
    for (const lng of ['en', 'tr']) {
      for (const type of MONITOR_TYPES) expect(t[lng]!(`monitors.types.${type}`)).not.toContain('monitors.');
      for (const base of MONITORING_BASES)
        expect(t[lng]!(`monitors.bases.${base}`)).not.toContain('monitors.');
    }
  });

  it('offers thresholds only on numbers; a delta on anything', () => {
    const vars = [variable('Temperature', 'decimal'), variable('ConnectorType', 'string', 1)];
    expect(monitorable(vars, 'UpperThreshold').map((v) => v.variable.name)).toEqual(['Temperature']);
    expect(monitorable(vars, 'Delta')).toHaveLength(2);
    expect(variableLabel(variable('Power', 'decimal', 1))).toBe('EVSE#1 · Power (W)');
  });

  it('N07 marks an event with the monitor that raised it', () => {
    const monitor = { id: 101, type: 'UpperThreshold' as const, value: 40, severity: 2 };
    expect(eventMonitorWords(t.en!, { monitorId: 101, monitor })).toBe('#101 · Above a threshold 40');
    expect(eventMonitorWords(t.tr!, { monitorId: 7, monitor: null })).toBe('#7 (artık bilinmiyor)');
    expect(eventMonitorWords(t.en!, { monitorId: null, monitor: null })).toBeNull();
  });
});
