import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

// Behind one proxy (TRUST_PROXY=1) the client's address is the one the proxy saw, not what the
// client wrote into X-Forwarded-For: an API key bound to an address cannot be used by someone
// who merely claims that address.

let t: TestApp;
let secret = '';
const PAYMENTS = '/api/portal/Payment/GetPaymentTransactions?index=0&size=10';

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  const admin = await t.login('admin@voltline.local');
  const ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  const created = await t.call<{ data: { secret: string } }>('POST', '/api/portal/integrations/apiKeys', {
    token: admin,
    body: {
      name: 'Bound to one address',
      operatorId: ops.find((o) => o.name === 'Voltline Demo Network')!.id,
      role: 'Finance',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      allowedIps: ['198.51.100.1'],
    },
  });
  expect(created.status).toBe(200);
  secret = created.body.data.secret;
});
afterAll(() => t.close());

const throughProxy = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: PAYMENTS,
    remoteAddress: '10.0.0.5',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    payload: '{}',
  });

describe('the client address behind a proxy', () => {
  it('takes the address the proxy saw, and not one the client claimed before it', async () => {
    expect((await throughProxy('198.51.100.1')).statusCode).toBe(200);
    // The client wrote 198.51.100.1; the proxy appended the address it really came from.
    expect((await throughProxy('198.51.100.1, 203.0.113.9')).statusCode).toBe(403);
  });
});
