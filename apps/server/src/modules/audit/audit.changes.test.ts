import { describe, expect, it } from 'vitest';
import { changesOf } from './audit.changes.js';

describe('changesOf', () => {
  it('reads an update’s diff as before and after, with money, dates, references and secrets', () => {
    expect(
      changesOf('update', {
        pricePerKwh: [750, 825],
        validTo: [null, '2026-01-31T21:00:00.000Z'],
        operatorId: [2, 3],
        roles: [['CallCenter'], ['Finance', 'CallCenter']],
        active: [true, false],
        password: 'changed',
        merchant: { legalName: ['Old Ltd', 'New Ltd'], iban: ['[redacted]', '[redacted]'] },
      }),
    ).toEqual([
      { field: 'pricePerKwh', kind: 'money', before: 750, after: 825 },
      { field: 'validTo', kind: 'date', before: null, after: '2026-01-31T21:00:00.000Z' },
      { field: 'operatorId', kind: 'reference', reference: 'operator', before: 2, after: 3 },
      { field: 'roles', kind: 'list', before: ['CallCenter'], after: ['Finance', 'CallCenter'] },
      { field: 'active', kind: 'boolean', before: true, after: false },
      { field: 'password', kind: 'secret' },
      { field: 'merchant.legalName', kind: 'text', before: 'Old Ltd', after: 'New Ltd' },
      { field: 'merchant.iban', kind: 'secret' },
    ]);
  });

  it('shows a created record’s fields as new values and a deleted one’s as removed', () => {
    expect(changesOf('create', { name: 'Night', fixedPrice: 0, reasons: ['a', 'b'] })).toEqual([
      { field: 'name', kind: 'text', after: 'Night' },
      { field: 'fixedPrice', kind: 'money', after: 0 },
      { field: 'reasons', kind: 'list', after: ['a', 'b'] },
    ]);
    expect(changesOf('delete', { name: 'Night', balance: 1500 })).toEqual([
      { field: 'name', kind: 'text', before: 'Night' },
      { field: 'balance', kind: 'money', before: 1500 },
    ]);
  });

  it('pairs a review’s readings field by field and keeps only those that changed', () => {
    expect(
      changesOf('correctReview', {
        note: 'checked',
        before: { meterStart: 0, meterStop: 90000, cost: null },
        after: { meterStart: 0, meterStop: 9000, cost: 7650 },
      }),
    ).toEqual([
      { field: 'note', kind: 'text', after: 'checked' },
      { field: 'meterStop', kind: 'energy', before: 90000, after: 9000 },
      { field: 'cost', kind: 'money', before: null, after: 7650 },
    ]);
  });

  it('flattens a command’s request and turns lists of objects into text', () => {
    expect(
      changesOf('command.setChargingProfile', {
        request: { connectorId: 1, csChargingProfiles: { chargingSchedule: { periods: [{ limit: 16 }] } } },
        answer: 'Accepted',
      }),
    ).toEqual([
      { field: 'request.connectorId', kind: 'number', after: 1 },
      {
        field: 'request.csChargingProfiles.chargingSchedule.periods',
        kind: 'text',
        after: '[{"limit":16}]',
      },
      { field: 'answer', kind: 'text', after: 'Accepted' },
    ]);
  });
});
