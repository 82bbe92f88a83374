import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { memoryLedger } from './provider.js';
import { createPaymentProviders } from './registry.js';

const DATA_DIR = '/tmp/voltline-config-test';
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
const iyzicoKeys = { IYZICO_API_KEY: 'sandbox-key', IYZICO_SECRET_KEY: 'sandbox-secret' };

function registry(env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR, ...env });
  return createPaymentProviders(config.payments, {
    publicUrl: 'http://voltline.test',
    ledger: memoryLedger(),
    secretSeed: 'test-secret-test-secret-test-secret-42',
  });
}

describe('payment provider configuration', () => {
  it('uses the sandbox when nothing is configured', () => {
    const r = registry({});
    expect(r.forOperator('/1/').name).toBe('sandbox');
    expect(r.named('stripe')).toBeUndefined();
  });

  it('chooses per operator, and a sub-operator inherits its nearest configured parent', () => {
    const r = registry({
      ...stripeKeys,
      ...iyzicoKeys,
      PAYMENT_PROVIDER_BY_OPERATOR: '3=stripe, 7=iyzico',
    });
    expect(r.forOperator('/1/').name).toBe('sandbox');
    expect(r.forOperator('/1/3/').name).toBe('stripe');
    expect(r.forOperator('/1/3/9/').name).toBe('stripe');
    expect(r.forOperator('/1/3/7/').name).toBe('iyzico');
    expect(registry({ ...iyzicoKeys, PAYMENT_PROVIDER: 'iyzico' }).forOperator('/2/').name).toBe('iyzico');
  });

  it('stops the start with a clear message when a chosen provider has no keys', () => {
    expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'stripe' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /stripe is chosen as a payment provider and needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER_BY_OPERATOR: '7=iyzico' })).toThrow(
      /iyzico is chosen as a payment provider and needs IYZICO_API_KEY and IYZICO_SECRET_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER:/);
    expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER_BY_OPERATOR: 'three=stripe' })).toThrow(
      /PAYMENT_PROVIDER_BY_OPERATOR: must be operator ids with a provider/,
    );
    expect(() => loadConfig({ DATA_DIR, ...stripeKeys, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  it('never shows a secret when the configuration is logged or serialised', () => {
    const config = loadConfig({ DATA_DIR, ...stripeKeys, ...iyzicoKeys });
    const text = JSON.stringify(config.payments) + String(config.payments.stripe?.secretKey);
    for (const secret of [...Object.values(stripeKeys), ...Object.values(iyzicoKeys)])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(config.payments.stripe?.secretKey.reveal()).toBe('sk_test_abc123');
  });

  it('is documented in the README configuration table', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8');
    const source = readFileSync(path.resolve(import.meta.dirname, '../../config.payments.ts'), 'utf8');
    const names = [...source.matchAll(/^ {2}([A-Z_]+): z/gm)].map((m) => m[1]);
    expect(names).toHaveLength(10);
    for (const name of names) expect(readme).toContain(`| \`${name}\` |`);
  });
});
