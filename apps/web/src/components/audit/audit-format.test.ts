// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '@voltline/contract';
import { i18n } from '../../lib/i18n';
import {
  actionLabel,
  changeText,
  fieldLabel,
  formatValue,
  recordName,
  summaryText,
  targetLink,
  type Translate,
} from './audit-format';

// The real catalogues: what is checked here is what a reader reads.
const catalog = (lng: string, ns: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../../public/locales/${lng}/${ns}.json`, import.meta.url)),
      'utf8',
    ),
  ) as Record<string, unknown>;

let en: Translate;
let tr: Translate;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: {
      en: { auditLogs: catalog('en', 'auditLogs'), common: catalog('en', 'common') },
      tr: { auditLogs: catalog('tr', 'auditLogs'), common: catalog('tr', 'common') },
    },
    interpolation: { escapeValue: false },
  });
  en = i18n.getFixedT('en', 'auditLogs');
  tr = i18n.getFixedT('tr', 'auditLogs');
});

const entry = (over: Partial<AuditLog>): AuditLog => ({
  id: 1,
  userId: 1,
  userEmail: 'admin@voltline.local',
  userName: 'Admin Voltline',
  operatorId: 1,
  operatorName: 'Voltline',
  action: 'update',
  entity: 'tariff',
  entityId: '7',
  entityName: 'Night',
  target: { kind: 'tariff', id: '7' },
  currency: 'TRY',
  changes: [],
  summary: {},
  ip: null,
  userAgent: null,
  createdAt: '2026-03-04T10:05:00.000Z',
  ...over,
});

describe('audit lines in words', () => {
  it('reads a price change in currency, in both languages', () => {
    const price = { field: 'pricePerKwh', kind: 'money', before: 750, after: 825 } as const;
    expect(changeText(en, price, 'TRY', 'en')).toBe('Price per kWh: ₺7.50 → ₺8.25');
    expect(changeText(tr, price, 'TRY', 'tr')).toBe('kWh fiyatı: ₺7,50 → ₺8,25');
  });

  it('names actions, commands and nested fields; unknown ones show as stored', () => {
    expect(actionLabel(en, 'update')).toBe('Updated');
    expect(actionLabel(tr, 'retire')).toBe('Kullanımdan kaldırıldı');
    expect(actionLabel(en, 'changeProtocol')).toBe('OCPP version changed');
    expect(actionLabel(tr, 'changeProtocol')).toBe('OCPP sürümü değişti');
    expect(actionLabel(en, 'command.unLockConnector')).toBe('Sent UnlockConnector');
    expect(actionLabel(tr, 'command.reset')).toBe('Reset gönderildi');
    expect(actionLabel(en, 'somethingNew')).toBe('somethingNew');
    expect(fieldLabel(en, 'merchant.legalName')).toBe('Merchant · Legal name');
    expect(fieldLabel(en, 'request.vendorSpecific')).toBe('Request · vendorSpecific');
  });

  it('shows booleans as Yes/No, references by name, energy in kWh and never a secret', () => {
    expect(formatValue(en, { field: 'active', kind: 'boolean', before: true }, 'before', null, 'en')).toBe(
      'Yes',
    );
    expect(formatValue(tr, { field: 'active', kind: 'boolean', after: false }, 'after', null, 'tr')).toBe(
      'Hayır',
    );
    const moved = {
      field: 'operatorId',
      kind: 'reference',
      before: 2,
      after: 3,
      beforeName: null,
      afterName: 'Kadıköy',
    } as const;
    expect(changeText(en, moved, null, 'en')).toBe('Operator: #2 → Kadıköy');
    expect(
      changeText(en, { field: 'meterStop', kind: 'energy', before: 90000, after: 9000 }, null, 'en'),
    ).toBe('Meter stop: 90.00 kWh → 9.00 kWh');
    expect(changeText(en, { field: 'password', kind: 'secret' }, null, 'en')).toBe(
      'Password: Changed (not shown)',
    );
    expect(changeText(en, { field: 'validTo', kind: 'date', before: null, after: null }, null, 'en')).toBe(
      'Valid until: — → —',
    );
  });

  it('reads a created field as its new value and a deleted one as what was removed', () => {
    expect(changeText(en, { field: 'name', kind: 'text', after: 'Night' }, null, 'en')).toBe('Name: Night');
    expect(
      changeText(en, { field: 'roles', kind: 'list', before: ['Finance', 'CallCenter'] }, null, 'en'),
    ).toBe('Roles: Finance, CallCenter');
  });

  it('sums a line up in its first changes and counts the rest', () => {
    const line = entry({
      changes: [
        { field: 'pricePerKwh', kind: 'money', before: 750, after: 825 },
        { field: 'name', kind: 'text', before: 'Night', after: 'Night+' },
        { field: 'fixedPrice', kind: 'money', before: 0, after: 100 },
        { field: 'type', kind: 'text', before: 'AC', after: 'DC' },
      ],
    });
    expect(summaryText(en, line, 'en')).toBe('Price per kWh: ₺7.50 → ₺8.25; Name: Night → Night+; +2 more');
    expect(summaryText(tr, line, 'tr', 1)).toBe('kWh fiyatı: ₺7,50 → ₺8,25; +3 alan daha');
  });

  it('names a record, or gives its id when it is out of reach, and links it to its screen', () => {
    expect(recordName(en, entry({}))).toBe('Night');
    expect(recordName(en, entry({ entityName: null }))).toBe('#7');
    expect(targetLink({ kind: 'chargePoint', id: 'CP 1' })).toEqual({
      path: '/portal/management/device/detail/CP%201',
      permission: 'chargePoints:read',
    });
    expect(targetLink({ kind: 'session', id: '12' }).path).toBe(
      '/portal/reports/chargingsessions?tab=all&session=12',
    );
  });
});
