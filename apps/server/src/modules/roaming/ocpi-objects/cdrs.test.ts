import { describe, expect, it } from 'vitest';
import type { TariffSnapshot } from '@voltline/contract';
import { receiptFigures } from '../../receipts/figures.js';
import {
  creditCdr,
  netOfGross,
  toOcpiCdr,
  toOcpiSession,
  type OcpiCdr,
  type RoamingSessionFacts,
} from './cdrs.js';

const identity = { countryCode: 'TR', partyId: 'VLT' };
const at = (iso: string) => new Date(iso);

const tariff: TariffSnapshot = {
  id: 7,
  name: 'City AC',
  paymentType: 'Postpaid',
  currency: 'TRY',
  pricePerKwh: 850,
  limitKwh: null,
  overLimitPricePerKwh: null,
  fixedPrice: 500,
  vatRate: 2000,
  pricesIncludeVat: true,
};

const facts = (over: Partial<RoamingSessionFacts> = {}): RoamingSessionFacts => ({
  sessionId: 501,
  startedAt: at('2026-11-01T10:00:00Z'),
  stoppedAt: at('2026-11-01T11:30:00Z'),
  chargingEndedAt: at('2026-11-01T11:00:00Z'),
  state: 'completed',
  energyWh: 12_345,
  updatedAt: at('2026-11-01T11:30:01Z'),
  currency: 'TRY',
  tariff,
  operatorVatRate: 2000,
  token: { countryCode: 'NL', partyId: 'EMS', uid: 'ABC123', type: 'RFID', contractId: 'NL-EMS-C12345-X' },
  authMethod: 'WHITELIST',
  authorizationReference: 'REF-1',
  chargePointIdentity: 'CP-1',
  location: {
    chargePoint: {
      id: 12,
      name: 'Kadıköy Pier',
      latitude: 41.0082,
      longitude: 28.9784,
      addressLine1: 'Rıhtım Cd. 1',
      addressLine2: null,
      city: 'İstanbul',
      zipCode: '34710',
      countryCode: 'TR',
      openingTime: null,
      closingTime: null,
      maxPower: 22000,
      powerUnit: 'W',
      status: 'Available',
      connected: true,
      statusAt: null,
      lastConnectedAt: null,
      lastDisconnectedAt: null,
      updatedAt: at('2026-10-01T00:00:00Z'),
    },
    operator: { id: 1, name: 'Voltline', timeZone: 'Europe/Istanbul' },
    connectors: [
      {
        id: 40,
        chargePointId: 12,
        connectorId: 1,
        connectorType: 'Type2',
        evseUid: null,
        maximumPower: null,
        tariffId: 7,
        status: 'Available',
        statusAt: null,
        archivedAt: null,
        createdAt: at('2026-10-01T00:00:00Z'),
      },
    ],
  },
  connectorRowId: 40,
  runningCost: null,
  ...over,
});

// 500 fixed + 12.345 kWh × 850 = 10993.25 → 10993 kuruş, VAT included at 20 %.
const billed = (cost: number) =>
  receiptFigures(
    {
      tariff,
      cost,
      currency: 'TRY',
      startedAt: '2026-11-01T10:00:00Z',
      stoppedAt: '2026-11-01T11:30:00Z',
      meterStart: 0,
      energyWh: 12_345,
    } as never,
    2000,
  )!;

describe('OCPI Session and CDR of a roaming session', () => {
  it('a running session is ACTIVE with its energy and running cost, named by the session id', () => {
    const s = toOcpiSession(identity, facts({ stoppedAt: null, state: 'active', runningCost: 1200 }));
    expect(s).toMatchObject({
      id: '501',
      status: 'ACTIVE',
      kwh: 12.345,
      location_id: '12',
      evse_uid: '40',
      connector_id: '1',
      auth_method: 'WHITELIST',
      authorization_reference: 'REF-1',
      cdr_token: { uid: 'ABC123', contract_id: 'NL-EMS-C12345-X', country_code: 'NL', party_id: 'EMS' },
      total_cost: { excl_vat: 10, incl_vat: 12 },
    });
    expect(s).not.toHaveProperty('end_date_time');
    expect(toOcpiSession(identity, facts()).status).toBe('COMPLETED');
    expect(toOcpiSession(identity, facts({ state: 'refused' })).status).toBe('INVALID');
  });

  it('the CDR totals are the bill to the cent, split by component, with charging and parking periods', () => {
    const bill = billed(10_993);
    const cdr: OcpiCdr = toOcpiCdr(identity, facts(), bill, {
      id: 'VLT-501-1',
      at: at('2026-11-01T11:31:00Z'),
    });
    expect(cdr.total_cost).toEqual({ excl_vat: bill.net / 100, incl_vat: 109.93 });
    expect(bill.net).toBe(netOfGross(10_993, 2000));
    expect(cdr.total_fixed_cost!.incl_vat! + cdr.total_energy_cost!.incl_vat!).toBeCloseTo(109.93, 6);
    expect(cdr).toMatchObject({
      id: 'VLT-501-1',
      session_id: '501',
      currency: 'TRY',
      total_energy: 12.345,
      total_time: 1.5,
      total_parking_time: 0.5,
      cdr_location: {
        id: '12',
        evse_uid: '40',
        evse_id: 'TR*VLT*E12*1',
        connector_id: '1',
        connector_standard: 'IEC_62196_T2',
        country: 'TUR',
        coordinates: { latitude: '41.0082000', longitude: '28.9784000' },
      },
      tariffs: [{ id: '7', currency: 'TRY' }],
    });
    expect(cdr.charging_periods).toEqual([
      {
        start_date_time: '2026-11-01T10:00:00.000Z',
        dimensions: [
          { type: 'ENERGY', volume: 12.345 },
          { type: 'TIME', volume: 1 },
        ],
        tariff_id: '7',
      },
      {
        start_date_time: '2026-11-01T11:00:00.000Z',
        dimensions: [{ type: 'PARKING_TIME', volume: 0.5 }],
        tariff_id: '7',
      },
    ]);
  });

  it('a credit CDR names the one it cancels and negates every cost', () => {
    const cdr: OcpiCdr = toOcpiCdr(identity, facts(), billed(10_993), {
      id: 'VLT-501-1',
      at: at('2026-11-01T11:31:00Z'),
    });
    const credit = creditCdr(cdr, 'VLT-501-1-CR', at('2026-11-02T09:00:00Z'));
    expect(credit).toMatchObject({
      id: 'VLT-501-1-CR',
      credit: true,
      credit_reference_id: 'VLT-501-1',
      total_cost: { excl_vat: -cdr.total_cost.excl_vat, incl_vat: -109.93 },
      total_energy: 12.345,
      last_updated: '2026-11-02T09:00:00.000Z',
    });
    expect(credit.total_fixed_cost!.incl_vat).toBe(-cdr.total_fixed_cost!.incl_vat!);
  });

  it('signed meter values travel in signed_data', () => {
    const signedData = {
      encoding_method: 'OCMF',
      signed_values: [{ nature: 'End' as const, plain_data: '{}', signed_data: 'OCMF|{}|{}' }],
    };
    const cdr: OcpiCdr = toOcpiCdr(identity, facts(), billed(10_993), {
      id: 'X',
      at: at('2026-11-01T12:00:00Z'),
      signedData,
    });
    expect(cdr.signed_data).toEqual(signedData);
  });
});
