import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

// The walk-through found raw validator text in field errors ("Too small: expected string to have
// >=1 characters"), in Turkish too. Every field error is now a sentence a person can act on.

let t: TestApp;
let admin: string;
type Err = { details: { field: string; message: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t.close());

const tariff = (body: unknown, locale = 'en') =>
  t.call<Err>('POST', '/api/portal/tariff', { token: admin, body, headers: { 'accept-language': locale } });
const messages = (r: { body: Err }) => Object.fromEntries(r.body.details.map((d) => [d.field, d.message]));

describe('field errors', () => {
  it('say in English what to enter: text length, numbers, whole numbers, choices', async () => {
    const r = await tariff({
      name: '',
      operatorId: 1.5,
      type: 'XX',
      paymentType: 'Prepaid',
      pricePerKwh: -1,
      currency: 'TRY',
    });
    expect(messages(r)).toEqual({
      'body.name': 'This field is required.',
      'body.operatorId': 'Enter a whole number.',
      'body.type': 'Choose one of: AC, DC, AC/DC.',
      'body.pricePerKwh': 'Enter a number of at least 0.',
    });
  });

  it('say it in Turkish, with numbers written the Turkish way', async () => {
    const r = await tariff(
      { name: 'x'.repeat(500), operatorId: 1, type: 'AC', paymentType: 'Prepaid', pricePerKwh: 500_000_000 },
      'tr',
    );
    const m = messages(r);
    expect(m['body.name']).toMatch(/^En fazla \d+ karakter kullanın\.$/);
    expect(m['body.pricePerKwh']).toBe('100.000.000 değerinden büyük olmayan bir sayı girin.');
    expect(JSON.stringify(r.body)).not.toMatch(/Too |expected|beklenen/);
  });

  it('never leave the validator’s own words in an error', async () => {
    const r = await t.call<Err>('POST', '/api/portal/Auth/forgot', {
      body: { email: 'not-an-address' },
      headers: { 'accept-language': 'tr' },
    });
    expect(r.status).toBe(400);
    expect(r.body.details.map((d) => d.message)).toEqual(['Geçerli bir e-posta adresi girin.']);
  });
});
