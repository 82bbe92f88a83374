import { describe, expect, it } from 'vitest';
import { evseId, evseStatus, geoLocation, openingTimes, toOcpiLocation } from './locations.js';
import type { PublishedChargePoint, PublishedConnector, PublishedLocationRow } from './rows.js';
import { alpha3 } from './countries.js';

const identity = { countryCode: 'TR', partyId: 'VLT' };
const at = (iso: string) => new Date(iso);

const cp = (over: Partial<PublishedChargePoint> = {}): PublishedChargePoint => ({
  id: 12,
  name: 'Kadıköy Pier',
  latitude: 41.0082,
  longitude: 28.9784,
  addressLine1: 'Rıhtım Cd. 1',
  addressLine2: 'Car park B',
  city: 'İstanbul',
  zipCode: '34710',
  countryCode: 'TR',
  openingTime: null,
  closingTime: null,
  maxPower: 22000,
  powerUnit: 'W',
  status: 'Available',
  connected: true,
  statusAt: at('2026-11-01T10:00:00Z'),
  lastConnectedAt: at('2026-11-01T09:00:00Z'),
  lastDisconnectedAt: null,
  updatedAt: at('2026-10-01T00:00:00Z'),
  ...over,
});

const connector = (over: Partial<PublishedConnector> = {}): PublishedConnector => ({
  id: 40,
  chargePointId: 12,
  connectorId: 1,
  connectorType: 'Type2',
  evseUid: null,
  maximumPower: null,
  tariffId: 7,
  status: 'Available',
  statusAt: at('2026-11-02T08:30:00.123Z'),
  archivedAt: null,
  createdAt: at('2026-09-01T00:00:00Z'),
  ...over,
});

const row = (c: PublishedChargePoint, cs: PublishedConnector[]): PublishedLocationRow => ({
  chargePoint: c,
  operator: { id: 3, name: 'Voltline İstanbul', timeZone: 'Europe/Istanbul' },
  connectors: cs,
});

describe('OCPI location mapping', () => {
  it('maps OCPP statuses to EVSE statuses, archived to REMOVED and an offline charger to UNKNOWN', () => {
    const online = cp();
    const s = (status: string) => evseStatus(online, connector({ status }));
    expect(s('Available')).toBe('AVAILABLE');
    for (const busy of ['Preparing', 'Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing', 'Occupied']) {
      expect(s(busy)).toBe('CHARGING');
    }
    expect(s('Reserved')).toBe('RESERVED');
    expect(s('Unavailable')).toBe('INOPERATIVE');
    expect(s('Faulted')).toBe('OUTOFORDER');
    expect(s('Unknown')).toBe('UNKNOWN');
    expect(evseStatus(cp({ connected: false }), connector())).toBe('UNKNOWN');
    expect(evseStatus(online, connector({ archivedAt: at('2026-11-03T00:00:00Z') }))).toBe('REMOVED');
    // The whole charger faulted (connector 0) puts each connector out of order.
    expect(evseStatus(cp({ status: 'Faulted' }), connector())).toBe('OUTOFORDER');
    expect(evseStatus(cp({ status: 'Unavailable' }), connector())).toBe('INOPERATIVE');
    expect(evseStatus(cp({ status: 'Unavailable' }), connector({ status: 'Charging' }))).toBe('CHARGING');
  });

  it('uses the EVSE id staff set, else the eMI3 form of the CPO, charge point and connector', () => {
    expect(evseId(identity, 12, { evseUid: 'TR*VLT*E000123*1', connectorId: 1 })).toBe('TR*VLT*E000123*1');
    expect(evseId(identity, 12, { evseUid: null, connectorId: 2 })).toBe('TR*VLT*E12*2');
    expect(evseId(identity, 12, { evseUid: '  ', connectorId: 2 })).toBe('TR*VLT*E12*2');
  });

  it('writes countries in alpha-3', () => {
    expect(alpha3('TR')).toBe('TUR');
    expect(alpha3('de')).toBe('DEU');
    expect(alpha3('GB')).toBe('GBR');
    expect(alpha3('NLD')).toBe('NLD');
    expect(alpha3('ZZ')).toBeUndefined();
    expect(toOcpiLocation(identity, row(cp({ countryCode: null }), [])).country).toBe('TUR');
    expect(toOcpiLocation(identity, row(cp({ countryCode: 'fr' }), [])).country).toBe('FRA');
  });

  it('writes coordinates with 7 decimals within the spec lengths', () => {
    expect(geoLocation(41.0082, 28.9784)).toEqual({ latitude: '41.0082000', longitude: '28.9784000' });
    expect(geoLocation(-33.8688, -151.2093)).toEqual({ latitude: '-33.868800', longitude: '-151.209300' });
    const g = geoLocation(-8.5, 115.26);
    expect(g.latitude).toMatch(/^-?[0-9]{1,2}\.[0-9]{5,7}$/);
    expect(g.longitude).toMatch(/^-?[0-9]{1,3}\.[0-9]{5,7}$/);
  });

  it('maps each connector type to its OCPI standard, format and power type', () => {
    const plug = (connectorType: string | null, maximumPower: number | null = null) => {
      const [evse] = toOcpiLocation(identity, row(cp(), [connector({ connectorType, maximumPower })])).evses!;
      const [c] = evse!.connectors;
      return [c!.standard, c!.format, c!.power_type];
    };
    expect(plug('Type2')).toEqual(['IEC_62196_T2', 'SOCKET', 'AC_3_PHASE']);
    expect(plug('Type1')).toEqual(['IEC_62196_T1', 'CABLE', 'AC_1_PHASE']);
    expect(plug('CCS2', 150000)).toEqual(['IEC_62196_T2_COMBO', 'CABLE', 'DC']);
    expect(plug('CCS1', 50000)).toEqual(['IEC_62196_T1_COMBO', 'CABLE', 'DC']);
    expect(plug('CHAdeMO', 50000)).toEqual(['CHADEMO', 'CABLE', 'DC']);
    expect(plug('GB/T', 60000)).toEqual(['GBT_DC', 'CABLE', 'DC']);
    expect(plug('GB/T', 7000)).toEqual(['GBT_AC', 'SOCKET', 'AC_3_PHASE']);
    expect(plug('Schuko')).toEqual(['DOMESTIC_F', 'SOCKET', 'AC_1_PHASE']);
    expect(plug('Tesla', 120000)).toEqual(['TESLA_S', 'CABLE', 'DC']);
  });

  it('derives voltage and amperage from the power, the connector’s own first', () => {
    const loc = toOcpiLocation(
      identity,
      row(cp(), [
        connector(),
        connector({ id: 41, connectorId: 2, connectorType: 'CCS2', maximumPower: 92000 }),
      ]),
    );
    const [ac, dc] = loc.evses!.map((e) => e.connectors[0]!);
    expect(ac).toMatchObject({
      max_voltage: 230,
      max_amperage: 32,
      max_electric_power: 22000,
      tariff_ids: ['7'],
    });
    expect(dc).toMatchObject({ max_voltage: 920, max_amperage: 100, max_electric_power: 92000 });
  });

  it('builds the location with its EVSEs, a partner’s tariff and the latest change as last_updated', () => {
    const loc = toOcpiLocation(identity, row(cp(), [connector()]), { tariffId: 99 });
    expect(loc).toMatchObject({
      country_code: 'TR',
      party_id: 'VLT',
      id: '12',
      publish: true,
      address: 'Rıhtım Cd. 1, Car park B',
      city: 'İstanbul',
      postal_code: '34710',
      time_zone: 'Europe/Istanbul',
      operator: { name: 'Voltline İstanbul' },
      opening_times: { twentyfourseven: true },
      last_updated: '2026-11-02T08:30:00.123Z',
    });
    expect(loc.evses![0]).toMatchObject({ uid: '40', evse_id: 'TR*VLT*E12*1', status: 'AVAILABLE' });
    expect(loc.evses![0]!.connectors[0]).toMatchObject({ id: '1', tariff_ids: ['99'] });
    expect(loc.evses![0]!.capabilities).toContain('REMOTE_START_STOP_CAPABLE');
  });

  it('writes opening hours per weekday, splitting hours past midnight', () => {
    expect(openingTimes('08:00', '20:00').regular_hours).toHaveLength(7);
    expect(openingTimes('08:00', '20:00').regular_hours![0]).toEqual({
      weekday: 1,
      period_begin: '08:00',
      period_end: '20:00',
    });
    const night = openingTimes('22:00', '06:00');
    expect(night.twentyfourseven).toBe(false);
    expect(night.regular_hours!.filter((h) => h.weekday === 3)).toEqual([
      { weekday: 3, period_begin: '00:00', period_end: '06:00' },
      { weekday: 3, period_begin: '22:00', period_end: '23:59' },
    ]);
  });
});
