import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

// Found by a hostile probe: input PostgreSQL cannot store used to reach it and answer 500.

let t: TestApp;
let admin: string;
type Err = { error: string; code?: string; details?: { field: string; message: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t.close());

describe('input the database cannot store', () => {
  it('refuses a NUL byte in a text field with a 400 naming the field', async () => {
    const r = await t.call<Err>('POST', '/api/portal/tariff', {
      token: admin,
      body: { name: 'Night\u0000rate', operatorId: 1, currency: 'TRY', pricePerKwh: 500 },
    });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual([
      {
        field: 'body.name',
        message: 'This text contains characters that cannot be stored (a NUL byte or a broken character).',
      },
    ]);
  });

  it('refuses a lone surrogate in a JSON string, in the caller’s language', async () => {
    // JSON.stringify writes a lone surrogate as the escape \ud800, as a broken client would send it.
    const r = await t.call<Err>('POST', '/api/portal/Transaction/GetTransactionsDynamic?index=0&size=10', {
      token: admin,
      headers: { 'accept-language': 'tr' },
      body: { chargePointId: 'CP-\uD800' },
    });
    expect(r.status).toBe(400);
    expect(r.body.details?.[0]?.field).toBe('body.chargePointId');
    expect(r.body.details?.[0]?.message).toMatch(/saklanamayan karakterler/);
  });

  it('refuses an id beyond the 32-bit columns instead of failing', async () => {
    const r = await t.call<Err>('GET', '/api/portal/tariff/99999999999', { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation');
  });

  it('answers a body that is not JSON with 415 in the one error envelope', async () => {
    const r = await t.call<Err>('POST', '/api/portal/tariff', {
      token: admin,
      headers: { 'content-type': 'text/plain' },
      body: 'name=Night',
    });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({
      error: 'Send the request body as JSON (Content-Type: application/json).',
      code: 'unsupported_media_type',
    });
  });

  it('refuses dates at the ends of the calendar and spans no dashboard can add up', async () => {
    const ask = (from: string, to: string) =>
      t.call<Err>(
        'GET',
        `/api/portal/analytics?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        {
          token: admin,
        },
      );
    const ancient = await ask('0001-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    expect(ancient.status).toBe(400);
    expect(ancient.body.details?.[0]).toEqual({
      field: 'querystring.from',
      message: 'Choose a date between 1970 and 2199.',
    });
    expect((await ask('2026-01-01T00:00:00Z', '9999-12-31T23:59:59Z')).status).toBe(400);
    const long = await ask('1990-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    expect(long.status).toBe(400);
    expect(long.body.details?.[0]?.message).toBe('Choose a period of at most ten years.');
    expect((await ask('2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).status).toBe(200);
  });
});
