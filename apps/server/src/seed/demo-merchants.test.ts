import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorDetail } from '@voltline/contract';
import { createTestApp, type TestApp } from '../../test/helper.js';

// The portal saves every operator with its merchant; the demo network is made the same way, so a
// support team opening a demo sub-operator sees who is paid for its charging.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo sub-operators', () => {
  it('each have a merchant with a legal name, tax number and IBAN', async () => {
    const token = await t.login('admin@voltline.local');
    const ops = await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token,
    });
    const subs = ops.body.data.filter((o) => o.name === 'Voltline İstanbul' || o.name === 'Voltline Ankara');
    expect(subs).toHaveLength(2);
    for (const op of subs) {
      const detail = await t.call<{ data: OperatorDetail }>('GET', `/api/portal/operator/${op.id}`, {
        token,
      });
      expect(detail.status).toBe(200);
      const merchant = detail.body.data.merchant;
      expect(merchant?.legalName).toContain(op.name.replace('Voltline ', ''));
      expect(merchant?.country).toBe('TR');
      expect(merchant?.iban).toMatch(/^TR\d{24}$/);
    }
  });
});
